/**
 * Issue 30, item 4, on the real engines: the payout workflow (payouts.asl.json on the local Step
 * Functions runner), its tasks, the CinetPay notification route and the reconciler, against the
 * local CinetPay Transfer and Wave doubles of the shared test stack. Each payout is put in flight
 * as the withdrawal leaves it (payouts-helpers.ts); the double's misbehaviours are chosen by the
 * destination number's last digits (infra/local/payouts-kit.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stack } from '../support/stack.js';
import { eventually } from './payments-helpers.js';
import { movementsOf, payoutOf, payoutReaches, seedPayout, startWorkflow, uniquePhone, usePayoutEnvironment, walletOf } from './payouts-helpers.js';

const doubles = () => `http://127.0.0.1:${(stack().ports as { payouts?: number }).payouts}`;

async function control(pathname: string, body?: unknown): Promise<any> {
  const response = await fetch(`${doubles()}/__sandbox${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** CinetPay's notification as it posts it (a form); `fields` beyond the id are what a forger may write. */
async function notify(payoutId: string, fields: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${stack().apiUrl}/api/webhooks/cinetpay-transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_transaction_id: payoutId, transaction_id: 'TR1', amount: '1', ...fields }).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The status of the payout's execution of `attempt`, once it has stopped running. */
async function executionStatus(payoutId: string, attempt: number): Promise<string | undefined> {
  const { DescribeExecutionCommand } = await import('@aws-sdk/client-sfn');
  const { sfn } = await import('../../functions/src/commons/clients/sfn.js');
  const { payoutExecutionArnOf } = await import('../../functions/src/payouts/workflow.js');
  const describe = async () => (await sfn.send(new DescribeExecutionCommand({ executionArn: payoutExecutionArnOf(payoutId, attempt) }))).status;
  return eventually(describe, (status) => status !== 'RUNNING', 40_000);
}

beforeAll(() => {
  usePayoutEnvironment();
  // The in-process reconciler reads the same doubles as the stack's handlers, with their credentials.
  const credentials = JSON.parse(readFileSync(path.join(stack().dataDir, 'payouts-credentials.json'), 'utf8')) as {
    cinetpay: { apikey: string; password: string };
    wave: { apiKey: string };
  };
  Object.assign(process.env, {
    CINETPAY_BASE_URL: `${doubles()}/cinetpay`,
    WAVE_BASE_URL: `${doubles()}/wave`,
    PAYOUT_CINETPAY_API_KEY: credentials.cinetpay.apikey,
    PAYOUT_CINETPAY_PASSWORD: credentials.cinetpay.password,
    PAYOUT_WAVE_API_KEY: credentials.wave.apiKey,
  });
});

describe('the payout workflow on the local engines', () => {
  it('settles a CinetPay payout once, whatever its notifications: five deliveries, out of order, forged', async () => {
    // The double settles only when told: the notifications race the settlement.
    await control('/settings', { settleAfterMs: null });
    try {
      const payout = await seedPayout({ operator: 'orange', amount: 10_000 });
      await startWorkflow(payout.id);
      await payoutReaches(payout.id, 'sent');

      // Before the transfer is settled: 'NEW' read back, nothing moves (a forged VAL included).
      const early = await Promise.all([notify(payout.id, { treatment_status: 'VAL' }), notify(payout.id, { treatment_status: 'NEW' })]);
      expect(early).toEqual([200, 200]);
      expect((await payoutOf(payout.id))?.status).toBe('sent');

      expect((await control(`/cinetpay/settle/${payout.id}`, { status: 'VAL' })).changed).toBe(true);
      // Five deliveries at once, the final one among stale ones, then a forged REJ after it.
      const statuses = await Promise.all(['NEW', 'VAL', 'REC', 'VAL', 'NEW'].map((treatment_status) => notify(payout.id, { treatment_status })));
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(await notify(payout.id, { treatment_status: 'REJ' })).toBe(200);

      const paid = await payoutReaches(payout.id, 'paid');
      expect(paid.provider_reference).toMatch(/^TR/);
      expect(await movementsOf(payout.id)).toEqual({ withdrawal: 2, payout_paid: 3 });
      const wallet = await walletOf(payout.tutorUserId);
      expect(wallet).toMatchObject({ available: 0, in_flight: 0, paid_out: payout.net, fees: payout.fee });
      expect(wallet?.current_payout_id).toBeUndefined();
      // One transfer at CinetPay.
      expect((await control('/cinetpay/sends'))[payout.id]).toMatchObject({ transfers: 1 });
    } finally {
      await control('/settings', { settleAfterMs: 3_000 });
    }
  }, 60_000);

  it('answers 200 to notifications of unknown or malformed ids, the same as for a real one', async () => {
    expect(await notify('5b0f6d3e-8f7c-4c31-9d9e-2f1e0c7a4b11', { treatment_status: 'VAL' })).toBe(200);
    expect(await notify('not-a-uuid')).toBe(200);
  });

  it('returns the amount once when CinetPay rejects a transfer whose send timed out', async () => {
    // …555: the double records the transfer, then answers after 15 s, past the client's 10 s.
    const payout = await seedPayout({ operator: 'mtn', amount: 5_000, phone: uniquePhone('mtn', '12345555') });
    await startWorkflow(payout.id);
    // The retried Send finds the transfer made under the payout id (no second one): sent.
    await payoutReaches(payout.id, 'sent', 40_000);
    expect((await control('/cinetpay/sends'))[payout.id]).toMatchObject({ transfers: 1 });
    await control(`/cinetpay/settle/${payout.id}`, { status: 'REJ' });
    const failed = await payoutReaches(payout.id, 'failed');
    expect(failed.failure_reason).toBe('rejected');
    // The execution ends once its timed-out Send was retried (it finds the transfer, then the payout failed).
    expect(await executionStatus(payout.id, 1)).toBe('SUCCEEDED');
    expect((await control('/cinetpay/sends'))[payout.id]).toMatchObject({ requests: 1, transfers: 1 });
    // A late notification and a reconciler run change nothing more.
    expect(await notify(payout.id, { treatment_status: 'REJ' })).toBe(200);
    const { reconcilePayouts } = await import('../../functions/src/payouts/reconcile.js');
    await reconcilePayouts();
    expect(await movementsOf(payout.id)).toEqual({ withdrawal: 2, payout_returned: 2 });
    expect(await walletOf(payout.tutorUserId)).toMatchObject({ available: payout.amount, in_flight: 0 });
  }, 90_000);

  it('retries a Wave send that timed out without sending twice, then returns the amount once when Wave fails it', async () => {
    // …555: Wave makes the payout, then answers after 15 s, past the client's 10 s. Wave has no
    // webhook: 'sent' can only come from the Send retried after the time-out, which finds the payout.
    const payout = await seedPayout({ operator: 'wave', amount: 6_000, phone: uniquePhone('wave', '12345555') });
    await control('/settings', { settleAfterMs: null });
    try {
      await startWorkflow(payout.id);
      await payoutReaches(payout.id, 'sent', 40_000);
      expect((await control('/wave/sends'))[payout.id]).toMatchObject({ requests: 1, payouts: 1 });
      await control(`/wave/settle/${payout.id}`, { status: 'failed' });
    } finally {
      await control('/settings', { settleAfterMs: 3_000 });
    }
    const failed = await payoutReaches(payout.id, 'failed');
    expect(failed.failure_reason).not.toBe('operator_unavailable');
    expect(await executionStatus(payout.id, 1)).toBe('SUCCEEDED');
    expect(await movementsOf(payout.id)).toEqual({ withdrawal: 2, payout_returned: 2 });
    expect(await walletOf(payout.tutorUserId)).toMatchObject({ available: payout.amount, in_flight: 0 });
  }, 90_000);

  it('returns the amount once when Wave reverses a payout after its success', async () => {
    // …777: paid (succeeded), then reversed by Wave 10 s later; Wave has no webhook, the reconciler polls.
    const payout = await seedPayout({ operator: 'wave', amount: 20_000, phone: uniquePhone('wave', '12345777') });
    await startWorkflow(payout.id);
    await payoutReaches(payout.id, 'paid');
    expect((await walletOf(payout.tutorUserId))?.paid_out).toBe(payout.net);
    await control(`/wave/reverse/${payout.id}`, {});
    const { reconcilePayouts } = await import('../../functions/src/payouts/reconcile.js');
    // Two runs at once, then one more: one reversal.
    await Promise.all([reconcilePayouts(), reconcilePayouts()]);
    await reconcilePayouts();
    const reversed = await payoutReaches(payout.id, 'reversed');
    expect(reversed.failure_reason).toBe('reversed');
    expect(await movementsOf(payout.id)).toEqual({ withdrawal: 2, payout_paid: 3, payout_reversed: 3 });
    expect(await walletOf(payout.tutorUserId)).toMatchObject({ available: payout.amount, in_flight: 0, paid_out: 0, fees: 0 });
  }, 60_000);

  it('flags a payout needs_attention when CinetPay says its balance is too low (602), the money kept in flight', async () => {
    const payout = await seedPayout({ operator: 'orange', amount: 3_000, phone: uniquePhone('orange', '12345602') });
    await startWorkflow(payout.id);
    const flagged = await payoutReaches(payout.id, 'needs_attention');
    expect(flagged.attention).toMatchObject({ state: 'Send', error: 'Payout.balance_too_low' });
    expect(flagged.attention.cause).toContain('602');
    expect(await movementsOf(payout.id)).toEqual({ withdrawal: 2 });
    expect(await walletOf(payout.tutorUserId)).toMatchObject({ available: 0, in_flight: payout.amount, current_payout_id: payout.id });
    // Nothing was sent.
    expect((await control('/cinetpay/sends'))[payout.id]?.transfers ?? 0).toBe(0);
  }, 60_000);

  it('lets the reconciler settle a payout left sent, and restart one left requested without a workflow', async () => {
    const { providerNamed } = await import('../../functions/src/payouts/providers/index.js');
    const { applyProviderStatus, getPayout } = await import('../../functions/src/payouts/settle.js');
    const { notifyUrl } = await import('../../functions/src/payouts/tasks.js');
    const { reconcilePayouts } = await import('../../functions/src/payouts/reconcile.js');
    // Sent, its workflow's checks run out (none here), its notifications lost (…663).
    const left = await seedPayout({ operator: 'orange', amount: 4_000, phone: uniquePhone('orange', '12345663') });
    const seeded = (await getPayout(left.id))!;
    const sent = await providerNamed('cinetpay').send({
      payoutId: left.id,
      operator: 'orange',
      phone: left.phone,
      net: left.net,
      holderName: seeded.holder_name,
      notifyUrl: notifyUrl(),
    });
    expect((await applyProviderStatus(seeded, sent)).status).toBe('sent');
    // Requested three minutes ago, its workflow never started (a crash right after the withdrawal).
    const orphan = await seedPayout({ operator: 'orange', amount: 2_000, createdAt: new Date(Date.now() - 3 * 60_000) });
    await eventually(
      async () => (await control(`/cinetpay/transfers/${left.id}`))[0]?.treatment_status,
      (status) => status === 'VAL',
      15_000,
    );

    // Stuck past one minute: the orphan (requested three minutes ago), requested or sent until the double settles it (3 s).
    process.env.PAYOUT_STUCK_MINUTES = '1';
    const report = await reconcilePayouts();
    delete process.env.PAYOUT_STUCK_MINUTES;
    expect(report.stuck).toBeGreaterThanOrEqual(1);
    expect((await payoutOf(left.id))?.status).toBe('paid');
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(report.redriven).toBeGreaterThanOrEqual(1);
    expect(report.floats.cinetpay?.balance).toBeGreaterThan(0);
    expect(await movementsOf(left.id)).toEqual({ withdrawal: 2, payout_paid: 3 });
    await payoutReaches(orphan.id, 'paid');
    expect((await payoutOf(orphan.id))?.workflow_attempt).toBe(1);
    expect((await control('/cinetpay/sends'))[orphan.id]).toMatchObject({ transfers: 1 });
  }, 60_000);
});
