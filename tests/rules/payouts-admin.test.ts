/**
 * The admin's payouts console (issue 30, point 5) on the real engines, through its handler: the
 * provider is always asked first (the local CinetPay double, its real HTTP shapes), a retry puts a
 * payout the provider never received back to `requested` (to a corrected number, validated), a
 * cancel returns the money only when the provider never paid it, a destination in review is
 * accepted once; every action records the admin's id and note, and two admins acting together
 * change the payout once.
 */
import http from 'node:http';
import type net from 'node:net';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { PayoutStatus } from '#shared/payouts';
import { newestFirstKey } from '#commons/db';
import {
  DESTINATIONS_IN_REVIEW_INDEX,
  PayoutDestinationEntity,
  payoutsByStatusIndex,
} from '../../functions/src/payouts/entities.js';
import { payoutsPage } from '../../functions/src/payouts/admin-api.js';
import { providerNamed } from '../../functions/src/payouts/providers/index.js';
import { getDestination, getPayout, getWallet } from '../../functions/src/payouts/settle.js';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { createPayoutsSandbox, payoutsEnvironment } from '../../infra/local/payouts-sandbox.js';
import { seedPayout } from '../support/payouts-seed.js';
import { config } from './engines.js';
import { call, expectBalanced, newPerson, newTutor, type Person } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));
const sandbox = createPayoutsSandbox({ ...config, inMemory: true });

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => sandbox.server.listen(0, '127.0.0.1', () => resolve((sandbox.server.address() as net.AddressInfo).port)));
  Object.assign(process.env, payoutsEnvironment({ ...config, ports: { ...config.ports, payouts: port } }, sandbox.credentials));
});

afterAll(async () => {
  sandbox.stop();
  sandbox.server.closeAllConnections();
  await new Promise((resolve) => (sandbox.server as http.Server).close(resolve));
});

const PHONE = '+2250701020304';

/** A payout of 10 000 FCFA to an Orange number, in `status`, its wallet as the withdrawal left it. */
async function payoutOf(tutor: Person, status: PayoutStatus, createdAt = new Date().toISOString()): Promise<string> {
  const attention = { state: 'Send', error: 'Payout.balance_too_low', cause: '602' };
  return (await seedPayout({ tutorUserId: tutor.userId, status, phone: PHONE, createdAt: new Date(createdAt), attention })).id;
}

async function rawPayout(id: string): Promise<Record<string, any>> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: { pk: `PAYOUT#${id}`, sk: 'PAYOUT' }, ConsistentRead: true }));
  return Item!;
}

async function ledgerOf(payoutId: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
      ExpressionAttributeValues: { ':pk': `PAYOUT#${payoutId}`, ':l': 'LEDGER#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

describe("an admin's retry", () => {
  it('puts a payout the provider never received back to requested, to a corrected number, once, with the admin and the note', async () => {
    const [admin, other, tutor] = await Promise.all([newPerson('admin'), newPerson('admin'), newTutor()]);
    const id = await payoutOf(tutor, 'needs_attention');
    const body = { note: 'Numéro corrigé avec le répétiteur', operator: 'mtn', phone: '05 01 02 03 04' };
    // Two admins together: one retry.
    const answers = await Promise.all([call('adminRetryPayout', admin, { params: { id }, body }), call('adminRetryPayout', other, { params: { id }, body })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const done = answers.find((a) => a.status === 200)!;
    expect(done.body).toMatchObject({ id, status: 'requested', operator: 'mtn', phone: '+2250501020304', attention: null, message: messages.payouts.retryRequested });
    const stored = (await getPayout(id))!;
    // The debited amount stays; the fee and the net follow the new operator.
    expect(stored).toMatchObject({ status: 'requested', amount: 10_000, fee: 150, net: 9_850, operator: 'mtn', provider: 'cinetpay' });
    // In the admin's list of its new status.
    expect((await rawPayout(id)).gsi2pk).toBe(payoutsByStatusIndex('requested'));
    expect(stored.attention).toBeUndefined();
    const actor = done === answers[0] ? admin : other;
    expect(stored.admin_notes).toBe(`Numéro corrigé avec le répétiteur — ${actor.userId}`);
    // Still in flight: no money moved.
    expect(await getWallet(tutor.userId)).toMatchObject({ available: 0, in_flight: 10_000, current_payout_id: id });
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(messages.payouts.notRetryable);
  });

  it('refuses a corrected number of another operator, and changes nothing', async () => {
    const [admin, tutor] = await Promise.all([newPerson('admin'), newTutor()]);
    const id = await payoutOf(tutor, 'needs_attention');
    const before = await getPayout(id);
    const answer = await call('adminRetryPayout', admin, { params: { id }, body: { note: 'Nouveau numéro', operator: 'mtn', phone: '0701020304' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ path: 'body.phone', message: messages.payouts.phoneOfOperator('mtn') }]);
    expect(await getPayout(id)).toEqual(before);
  });

  it('is refused for a payout that needs nothing', async () => {
    const [admin, tutor] = await Promise.all([newPerson('admin'), newTutor()]);
    const id = await payoutOf(tutor, 'sent');
    const answer = await call('adminRetryPayout', admin, { params: { id }, body: { note: 'Relance' } });
    expect([answer.status, answer.body.error.message]).toEqual([409, messages.payouts.notRetryable]);
  });
});

describe("an admin's cancel", () => {
  it('returns the amount to the balance when the provider never received the payout, once, with a balanced ledger', async () => {
    const [admin, tutor] = await Promise.all([newPerson('admin'), newTutor()]);
    const id = await payoutOf(tutor, 'needs_attention');
    const first = await call('adminCancelPayout', admin, { params: { id }, body: { note: 'Float épuisé, retrait annulé' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ id, status: 'cancelled', failure_reason: 'Retrait annulé par notre équipe' });
    expect((await getPayout(id))!.admin_notes).toBe(`Float épuisé, retrait annulé — ${admin.userId}`);
    expect(await getWallet(tutor.userId)).toMatchObject({ available: 10_000, in_flight: 0 });
    expect((await getWallet(tutor.userId))!.current_payout_id).toBeUndefined();
    const again = await call('adminCancelPayout', admin, { params: { id }, body: { note: 'Encore' } });
    expect([again.status, again.body.error.message]).toEqual([409, messages.payouts.notCancellable]);
    const lines = await ledgerOf(id);
    expect(lines.map((l) => l.movement).sort()).toEqual(['payout_returned', 'payout_returned', 'withdrawal', 'withdrawal']);
    expectBalanced(lines);
  });

  it('is refused (409) while the provider has the transfer, and leaves the money in flight', async () => {
    const [admin, tutor] = await Promise.all([newPerson('admin'), newTutor()]);
    const id = await payoutOf(tutor, 'sent');
    // CinetPay received it (the double's transfer, pending): it may still pay.
    const sent = await providerNamed('cinetpay').send({ payoutId: id, operator: 'orange', phone: PHONE, net: 9_850, holderName: 'Awa Koné', notifyUrl: 'http://127.0.0.1/notify' });
    expect(sent.state).toBe('pending');
    const answer = await call('adminCancelPayout', admin, { params: { id }, body: { note: 'Annulation demandée' } });
    expect([answer.status, answer.body.error.message]).toEqual([409, messages.payouts.notCancellable]);
    expect((await getPayout(id))!.status).toBe('sent');
    expect(await getWallet(tutor.userId)).toMatchObject({ available: 0, in_flight: 10_000 });
  });
});

describe("the admin's list", () => {
  it('merges every status newest first, page after page, with the counts', async () => {
    const tutor = await newTutor();
    // Far in the future: this file's own payouts come first whatever the others wrote.
    const at = (n: number) => new Date(Date.UTC(2090, 0, 1, 0, n)).toISOString();
    const ids = [await payoutOf(tutor, 'paid', at(1)), await payoutOf(tutor, 'needs_attention', at(2)), await payoutOf(tutor, 'failed', at(3))];
    const first = await payoutsPage(undefined, undefined, 2);
    expect(first.payouts.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await payoutsPage(undefined, first.next_cursor!, 2);
    expect(second.payouts[0]!.id).toBe(ids[0]);
    expect(first.counts.needs_attention).toBeGreaterThanOrEqual(1);
    expect(first.counts.paid).toBeGreaterThanOrEqual(1);
    // One status: only it; a cursor of the whole list is refused by it.
    const attention = await payoutsPage('needs_attention', undefined, 50);
    expect(attention.payouts.every((p) => p.status === 'needs_attention')).toBe(true);
    await expect(payoutsPage('paid', first.next_cursor!, 2)).rejects.toThrow(messages.admin.invalidCursor);
  });
});

describe('a destination in review', () => {
  it('is accepted once, with the admin and the note, and leaves the review list', async () => {
    const [admin, other, tutor] = await Promise.all([newPerson('admin'), newPerson('admin'), newTutor()]);
    const changedAt = new Date().toISOString();
    await PayoutDestinationEntity.build(PutItemCommand)
      .item({
        tutor_user_id: tutor.userId,
        operator: 'orange',
        phone: PHONE,
        holder_name: 'Awa K. Traoré',
        status: 'review',
        name_matches_kyc: false,
        changed_at: changedAt,
        hold_until: new Date(Date.now() + 48 * 3600_000).toISOString(),
        gsi1pk: DESTINATIONS_IN_REVIEW_INDEX,
        gsi1sk: newestFirstKey(changedAt, tutor.userId),
      })
      .send();
    const listed = await call('adminPayoutDestinations', admin);
    expect(listed.body.destinations).toContainEqual(expect.objectContaining({ tutor_user_id: tutor.userId, holder_name: 'Awa K. Traoré', kyc_name: 'Awa Koné', status: 'review' }));
    const body = { decision: 'approve', note: 'Nom marital, vérifié sur la pièce' };
    const answers = await Promise.all([
      call('adminReviewPayoutDestination', admin, { params: { tutorId: tutor.userId }, body }),
      call('adminReviewPayoutDestination', other, { params: { tutorId: tutor.userId }, body }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const destination = (await getDestination(tutor.userId))!;
    expect(destination).toMatchObject({ status: 'active', admin_notes: body.note });
    expect([admin.userId, other.userId]).toContain(destination.reviewed_by);
    const { Item: raw } = await db.send(new GetCommand({ TableName: config.tableName, Key: { pk: `WALLET#${tutor.userId}`, sk: 'DESTINATION' }, ConsistentRead: true }));
    expect(raw!.gsi1pk).toBeUndefined();
    expect((await call('adminPayoutDestinations', admin)).body.destinations.map((d: { tutor_user_id: string }) => d.tutor_user_id)).not.toContain(tutor.userId);
  });
});
