/**
 * The payouts' reconciler (issue 30 point 4): every 5 minutes (EventBridge Scheduler; locally a
 * timer of `npm start`, infra/local/reconciler.ts) it
 * - re-queries every payout left 'sent' (the workflow's checks ran out, or its execution died), and
 *   every Wave payout paid in the last REVERSAL_WATCH_HOURS (Wave may reverse a succeeded payout
 *   and has no webhook for it: only a poll sees it), and settles it through applyProviderStatus — the one path of the workflow, the CinetPay
 *   notification and the admin's retry, conditional on the payout's status, so a run racing any
 *   of them settles nothing twice;
 * - starts a new workflow attempt for every payout 'requested' for more than REDRIVE_AFTER_MS
 *   whose execution is not running (a crash between the withdrawal's write and the workflow's
 *   start, or a resumed stack): its Send finds at the provider, under the payout id, a transfer
 *   already made rather than making a second;
 * - publishes, for the alarms: `PayoutsStuck` (payouts still requested or sent past
 *   PAYOUT_STUCK_MINUTES), `PayoutsFailed` (payouts that failed since the last run) and, per
 *   provider, `PayoutFloatShortfall` (FCFA missing from the provider's balance to cover the next
 *   24 hours: what is in flight plus the 7-day daily average paid out; 0 when covered).
 * Payouts are found by status through the PayoutEntity's gsi2 (`PAYOUTS#<status>`, newest first).
 * A provider that cannot answer leaves its payouts for the next run.
 */
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { messages } from '#shared/messages';
import { PAYOUT_PROVIDERS, PAYOUT_STUCK_MINUTES, type PayoutProviderName, type PayoutStatus } from '#shared/payouts';
import * as z from '#shared/zod';
import { sfn } from '#commons/clients/sfn';
import { kalanTable } from '#commons/db';
import { ValidationError } from '#commons/errors';
import { logger } from '#commons/logger';
import { metrics, recordBusinessEvent } from '#commons/metrics';
import { observedHandler } from '#commons/observed';
import { PayoutEntity, payoutsByStatusIndex } from './entities.js';
import { PayoutProviderError } from './providers/provider.js';
import { providerNamed } from './providers/index.js';
import { applyProviderStatus, type Payout } from './settle.js';
import { payoutExecutionArnOf, startPayoutWorkflow } from './workflow.js';

/** The metrics the alarms read (namespace Kalan; PayoutFloatShortfall also has the dimension `provider`). */
export const PAYOUT_METRICS = { stuck: 'PayoutsStuck', failed: 'PayoutsFailed', floatShortfall: 'PayoutFloatShortfall' } as const;

/** A payout requested this long ago without a running workflow gets a new attempt. */
export const REDRIVE_AFTER_MS = 2 * 60 * 1000;
/** How long after it is paid a Wave payout is still polled for a reversal. */
export const REVERSAL_WATCH_HOURS = 72;
/** The schedule's interval: `PayoutsFailed` counts the failures of the last one. */
export const RECONCILE_INTERVAL_MINUTES = 5;
/** The window of the daily average paid out that the float must cover. */
const AVERAGE_DAYS = 7;
/** Payouts checked at the same time (each waits on the provider, not on the CPU). */
const CONCURRENCY = 8;
/** Time kept at the end of a run to finish the settlements under way before Lambda's time-out. */
const SAFETY_MARGIN_MS = 3000;

export interface ProviderFloatCheck {
  balance: number;
  /** In flight now (requested, sent, needs_attention) plus the 7-day daily average paid out, FCFA net. */
  expected: number;
  shortfall: number;
}

export interface PayoutReconcileReport {
  /** Payouts in 'sent' re-queried. */
  checked: number;
  /** Of them, those that reached a final status (paid, failed, reversed) in this run. */
  settled: number;
  /** Wave payouts paid lately, polled for a reversal. */
  watched: number;
  /** Of them, those found reversed (the amount back to the balance) in this run. */
  reversed: number;
  /** Requested payouts given a new workflow attempt. */
  redriven: number;
  /** Still requested or sent PAYOUT_STUCK_MINUTES after the withdrawal (what the tutor waits), after this run. */
  stuck: number;
  /** Payouts that failed in the last RECONCILE_INTERVAL_MINUTES. */
  failed: number;
  /** The float check per provider (missing: the provider could not be asked). */
  floats: Partial<Record<PayoutProviderName, ProviderFloatCheck>>;
  /** Left for the next run: the provider could not answer, or the run's time ran out. */
  deferred: number;
  /** Checks that failed unexpectedly (logged). */
  errors: number;
}

export const payoutReconcileEventSchema = z.strictObject({ source: z.optional(z.enum(['schedule', 'local', 'manual'])) });

function stuckMinutes(): number {
  const value = Number(process.env.PAYOUT_STUCK_MINUTES ?? PAYOUT_STUCK_MINUTES);
  return Number.isFinite(value) && value > 0 ? value : PAYOUT_STUCK_MINUTES;
}

/**
 * The payouts in `status`, newest first, through gsi2 (`PAYOUTS#<status>`, sorted by
 * `<created_at>#<id>`); `createdSince` stops at the first one created before it.
 */
export async function payoutsByStatus(status: PayoutStatus, options: { createdSince?: Date } = {}): Promise<Payout[]> {
  const query = kalanTable
    .build(QueryCommand)
    .entities(PayoutEntity)
    .query({ index: 'gsi2', partition: payoutsByStatusIndex(status), ...(options.createdSince ? { range: { gte: options.createdSince.toISOString() } } : {}) })
    .options({ reverse: true, limit: 100 });
  const payouts: Payout[] = [];
  for await (const page of query.paginate()) payouts.push(...(page.Items ?? []));
  return payouts;
}

/** Payouts of `status` whose `at` date is at or after `since` (created at most a day before: a payout settles within hours). */
async function payoutsSince(status: PayoutStatus, at: (payout: Payout) => string | undefined, since: Date): Promise<Payout[]> {
  const created = await payoutsByStatus(status, { createdSince: new Date(since.getTime() - 86_400_000) });
  return created.filter((payout) => (at(payout) ?? '') >= since.toISOString());
}

/** What the payout's workflow is doing now ('missing' before its first attempt or when Step Functions forgot it). */
async function workflowRunning(payout: Payout): Promise<boolean> {
  const executionArn = payoutExecutionArnOf(payout.id, payout.workflow_attempt);
  if (!executionArn) return false;
  try {
    const { status } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    return status === 'RUNNING' || status === 'PENDING_REDRIVE';
  } catch (error) {
    if ((error as Error).name === 'ExecutionDoesNotExist') return false;
    throw error;
  }
}

const FINAL: readonly PayoutStatus[] = ['paid', 'failed', 'reversed', 'cancelled'];

/** Re-queries one sent payout and settles it; true when it reached a final status. */
async function settleSent(payout: Payout): Promise<boolean> {
  const status = await providerNamed(payout.provider).status(payout.id, payout.provider_reference ?? null);
  const after = await applyProviderStatus(payout, status);
  return FINAL.includes(after.status);
}

async function runAll<T>(items: T[], deadline: number, report: PayoutReconcileReport, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      if (Date.now() > deadline) {
        report.deferred += 1;
        continue;
      }
      try {
        await work(item);
      } catch (error) {
        if (error instanceof PayoutProviderError) {
          report.deferred += 1;
          logger.warn('Payout provider not answering: left for the next run', { provider: error.provider, error: error.errorName });
        } else {
          report.errors += 1;
          logger.error('Payout not reconciled', { error: (error as Error).message, item: (item as { id?: string }).id });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Sum of `net` by provider. */
function netByProvider(payouts: Payout[]): Record<PayoutProviderName, number> {
  const sums = Object.fromEntries(PAYOUT_PROVIDERS.map((provider) => [provider, 0])) as Record<PayoutProviderName, number>;
  for (const payout of payouts) sums[payout.provider] += payout.net;
  return sums;
}

/**
 * Each provider's balance against the next 24 hours' expected payouts: what is in flight now (it
 * leaves the float when it is paid) plus the daily average paid out over the last 7 days.
 */
async function checkFloats(now: Date, report: PayoutReconcileReport): Promise<void> {
  const inFlight: Payout[] = [];
  for (const status of ['requested', 'sent', 'needs_attention'] as const) inFlight.push(...(await payoutsByStatus(status)));
  const pending = netByProvider(inFlight);
  const paid = netByProvider(await payoutsSince('paid', (payout) => payout.paid_at, new Date(now.getTime() - AVERAGE_DAYS * 86_400_000)));
  for (const provider of PAYOUT_PROVIDERS) {
    try {
      const balance = await providerNamed(provider).balance();
      const expected = pending[provider] + Math.ceil(paid[provider] / AVERAGE_DAYS);
      const check = { balance, expected, shortfall: Math.max(0, expected - balance) };
      report.floats[provider] = check;
      // One metric per provider (its own dimension), published with this invocation's.
      const single = metrics.singleMetric();
      single.addDimension('provider', provider);
      single.addMetric(PAYOUT_METRICS.floatShortfall, MetricUnit.Count, check.shortfall);
      if (check.shortfall > 0) logger.warn('Payout float below the next 24 hours', { provider, ...check });
    } catch (error) {
      report.errors += 1;
      logger.error('Payout provider balance not read', { provider, error: (error as Error).message });
    }
  }
}

/** One run, until `deadline` (epoch ms). */
export async function reconcilePayouts(now = new Date(), deadline = Number.POSITIVE_INFINITY): Promise<PayoutReconcileReport> {
  const report: PayoutReconcileReport = { checked: 0, settled: 0, watched: 0, reversed: 0, redriven: 0, stuck: 0, failed: 0, floats: {}, deferred: 0, errors: 0 };

  await runAll(await payoutsByStatus('sent'), deadline, report, async (payout) => {
    report.checked += 1;
    if (await settleSent(payout)) report.settled += 1;
  });

  const watchSince = new Date(now.getTime() - REVERSAL_WATCH_HOURS * 3_600_000);
  const recentlyPaid = (await payoutsSince('paid', (payout) => payout.paid_at, watchSince)).filter((payout) => payout.provider === 'wave');
  await runAll(recentlyPaid, deadline, report, async (payout) => {
    report.watched += 1;
    const status = await providerNamed(payout.provider).status(payout.id, payout.provider_reference ?? null);
    // Only a reversal moves a paid payout (applyProviderStatus: the others find it already settled).
    if (status.state === 'reversed' && (await applyProviderStatus(payout, status)).status === 'reversed') report.reversed += 1;
  });

  const redriveBefore = now.getTime() - REDRIVE_AFTER_MS;
  const requested = (await payoutsByStatus('requested')).filter((payout) => new Date(payout.created_at).getTime() <= redriveBefore);
  await runAll(requested, deadline, report, async (payout) => {
    if (await workflowRunning(payout)) return;
    // Only from the attempt seen: two runs at once start one attempt, not two.
    if (await startPayoutWorkflow(payout.id, { expectedAttempt: payout.workflow_attempt ?? 0 })) report.redriven += 1;
  });

  const stuckBefore = now.getTime() - stuckMinutes() * 60_000;
  for (const status of ['requested', 'sent'] as const) {
    report.stuck += (await payoutsByStatus(status)).filter((payout) => new Date(payout.created_at).getTime() <= stuckBefore).length;
  }
  report.failed = (await payoutsSince('failed', (payout) => payout.returned_at, new Date(now.getTime() - RECONCILE_INTERVAL_MINUTES * 60_000))).length;
  await checkFloats(now, report);

  // Published every run, zeros included: an alarm on them then never reads "missing data".
  metrics.addMetric(PAYOUT_METRICS.stuck, MetricUnit.Count, report.stuck);
  metrics.addMetric(PAYOUT_METRICS.failed, MetricUnit.Count, report.failed);
  if (report.settled + report.reversed) recordBusinessEvent('ReconcilerRepair', report.settled + report.reversed);
  return report;
}

export const handler = observedHandler(async (event: unknown, context: Context): Promise<PayoutReconcileReport> => {
  const parsed = payoutReconcileEventSchema.safeParse(event ?? {});
  if (!parsed.success) {
    logger.error('Payout reconciler invoked with an invalid event');
    throw new ValidationError(messages.reconcile.invalidEvent);
  }
  const deadline = Date.now() + context.getRemainingTimeInMillis() - SAFETY_MARGIN_MS;
  const report = await reconcilePayouts(new Date(), deadline);
  const log = report.errors || report.deferred || report.stuck ? logger.warn.bind(logger) : logger.info.bind(logger);
  log('Payout reconciler run', { source: parsed.data.source ?? 'manual', ...report });
  return report;
});
