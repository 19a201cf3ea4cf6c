/**
 * Payout figures on the local stack, run in this process (DynamoDB Local, the local Step Functions
 * running payouts.asl.json, the CinetPay Transfer and Wave doubles; the workflow's tasks and the
 * CinetPay notification route called as in the cloud):
 * - time from the withdrawal's write to 'payé', p50/p95: the withdrawal's transaction (wallet
 *   debit, payout, `withdrawal` lines), the workflow's start, Send (CinetPay: look-up, login,
 *   contact, transfer), then 'payé' by CinetPay's notification (read back) or the workflow's check
 *   (Wave: no webhook). The doubles settle at once (settleAfterMs 0) and a check waits
 *   LOCAL_PAYOUT_CHECK_MS (250 ms) instead of PAYOUT_CHECK_SECONDS: what is measured is Kalan's
 *   side, not the operator's;
 * - payouts per second the workflow sustains: a burst of payouts started at once, until the last is paid;
 * - DynamoDB write units per payout (withdrawal to paid, the notifications' writes included),
 *   from the ConsumedCapacity DynamoDB Local returns (ReturnConsumedCapacity INDEXES set on every
 *   write of this process by a middleware of the bench), and Step Functions state transitions per payout.
 * Prints figures; asserts nothing about time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PayoutOperator } from '#shared/payouts';
import { portEnvironment } from '../support/stack-process.js';
import { benchPorts, sized } from './sizes.js';

const PORTS = benchPorts(4010);

/** List prices (tests/bench/aws-prices.json, as the cost bench reads them): USD per unit. */
const PRICES = JSON.parse(readFileSync(path.join(import.meta.dirname, 'aws-prices.json'), 'utf8')) as {
  as_of: string;
  region: string;
  prices: Record<string, { usd: number; per: number }>;
};
const usd = (name: string) => PRICES.prices[name]!.usd / PRICES.prices[name]!.per;
/**
 * Lambda per payout, an upper bound: the withdrawal's API call and 3 task or notification
 * invocations (Send, Check, CinetPay's notification), each billed 1 s at 512 MB (Arm).
 */
const LAMBDA_INVOCATIONS = 4;
const LAMBDA_GB_SECONDS = LAMBDA_INVOCATIONS * 0.5 * 1;

/** AWS cost of one payout from the measured write units and state transitions (USD). */
function costPerPayout(writeUnits: number, transitions: number): number {
  return (
    writeUnits * usd('dynamodb_write_request_unit') +
    transitions * usd('step_functions_transition') +
    LAMBDA_INVOCATIONS * usd('lambda_request') +
    LAMBDA_GB_SECONDS * usd('lambda_arm_gb_second') +
    usd('http_api_request')
  );
}
const SEQUENTIAL = sized(20, 2);
const BURST = sized(100, 4);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const WRITE_COMMAND = /^(Put|Update|Delete|TransactWrite|BatchWrite)/;

export async function benchPayouts(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-payouts-'));
  Object.assign(process.env, {
    KALAN_DATA_DIR: dataDir,
    KALAN_IN_MEMORY: 'true',
    ...portEnvironment(PORTS),
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    LOCAL_PAYOUT_CHECK_MS: '250',
    // No reconciler run in the middle of the figures.
    LOCAL_RECONCILE_INTERVAL_MS: '0',
    LOCAL_PAYOUT_RECONCILE_INTERVAL_MS: '0',
  });
  const { startStack } = await import('../../infra/local/stack.js');
  const { stopAll } = await import('../../infra/local/processes.js');
  const { url } = await import('../../infra/local/config.js');
  const { localStateTransitions } = await import('../../infra/local/stepfunctions.js');
  const { dynamodb } = await import('../../functions/src/commons/clients/dynamodb.js');
  const { getPayout } = await import('../../functions/src/payouts/settle.js');
  const { startPayoutWorkflow } = await import('../../functions/src/payouts/workflow.js');
  const { seedPayout } = await import('../support/payouts-seed.js');

  /** Write units of every DynamoDB write this process makes (the handlers run here too). */
  let writeUnits = 0;
  dynamodb.middlewareStack.add(
    (next, context) => async (args) => {
      const write = WRITE_COMMAND.test(context.commandName ?? '');
      if (write) (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'INDEXES';
      const result = await next(args);
      if (write) {
        const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> }).ConsumedCapacity;
        for (const capacity of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) writeUnits += capacity.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'benchPayoutWriteUnits' },
  );

  try {
    await startStack();
    // The doubles settle every transfer at once: the figures are Kalan's side.
    await fetch(`${url(PORTS.payouts)}/__sandbox/settings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ settleAfterMs: 0 }) });

    const paid = async (id: string, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const payout = await getPayout(id, false);
        if (payout?.status === 'paid') return;
        if (Date.now() > deadline) throw new Error(`retrait ${id} : ${payout?.status ?? 'absent'} après ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    /** One withdrawal: its write, its workflow, until paid; ms. */
    const withdrawal = async (operator: PayoutOperator) => {
      const started = performance.now();
      const { id } = await seedPayout({ operator, amount: 10_000 });
      await startPayoutWorkflow(id);
      await paid(id);
      return performance.now() - started;
    };

    console.log('## payouts (local doubles settling at once; a check every 250 ms)');
    for (const [operator, label] of [
      ['orange', 'CinetPay (Orange Money), notification or check'],
      ['wave', 'Wave, paid at a check (no webhook)'],
    ] as const) {
      await withdrawal(operator); // warm: modules loaded, CinetPay's token taken
      const units = writeUnits;
      const transitions = localStateTransitions();
      const times: number[] = [];
      for (let i = 0; i < SEQUENTIAL; i++) times.push(await withdrawal(operator));
      const perPayout = (writeUnits - units) / SEQUENTIAL;
      const transitionsPerPayout = (localStateTransitions() - transitions) / SEQUENTIAL;
      times.sort((a, b) => a - b);
      console.log(`  withdrawal → paid, ${label}, ${SEQUENTIAL} one after the other: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`);
      console.log(
        `  DynamoDB write units per payout, ${operator} (withdrawal to paid): ${perPayout.toFixed(1)} WCU; Step Functions transitions per payout: ${transitionsPerPayout.toFixed(1)}`,
      );
      console.log(
        `  AWS cost per payout, ${operator} (list prices of ${PRICES.as_of}, ${PRICES.region}; Lambda counted as ${LAMBDA_INVOCATIONS} invocations of 1 s at 512 MB): ${(costPerPayout(perPayout, transitionsPerPayout) * 1000).toFixed(3)} USD per 1 000 payouts`,
      );
    }

    // A burst: every withdrawal written, then every workflow started at once, until the last is paid.
    const ids: string[] = [];
    for (let i = 0; i < BURST; i++) ids.push((await seedPayout({ operator: i % 2 ? 'wave' : 'orange', amount: 10_000 })).id);
    const started = performance.now();
    await Promise.all(ids.map((id) => startPayoutWorkflow(id)));
    await Promise.all(ids.map((id) => paid(id, 300_000)));
    const seconds = (performance.now() - started) / 1000;
    console.log(`  workflow throughput: ${BURST} payouts (half CinetPay, half Wave) started at once, all paid in ${seconds.toFixed(1)} s → ${(BURST / seconds).toFixed(1)} payouts/s`);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
