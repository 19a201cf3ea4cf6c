/**
 * The payout workflow's Lambda tasks (payouts.asl.json; one module, dispatched by `action`):
 * - send: reads the payout; while it is requested (or sent: the provider is only asked again) it
 *   hands it to its provider under the payout id — the provider's idempotency key, so a retried
 *   Task or a resumed attempt finds the transfer already made instead of making a second — and
 *   records what the provider says;
 * - check: reads the status back from the provider and settles the payout when it is final;
 * - flag: the Catch's one path — the payout needs an admin (the money stays in flight).
 * Every change goes through settle.ts (conditional on the payout's status: a settlement already
 * made by the CinetPay notification or the reconciler is found done, never made twice).
 *
 * Errors: what is worth retrying as is (network, 5xx, the operator down) is thrown as
 * `Payout.Transient`, which the definition retries with backoff; a payout that can never go through
 * as is (a limit, a number that is no account) fails at once, the amount back to the balance; the
 * rest (our float too low, our configuration) is thrown under its own name so the Catch flags it.
 */
import type { PayoutFailureReason, PayoutStatus } from '#shared/payouts';
import { routes } from '#shared/routes';
import * as z from '#shared/zod';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { PayoutProviderError, type PayoutProvider, type ProviderStatus } from './providers/provider.js';
import { providerNamed } from './providers/index.js';
import { applyProviderStatus, flagAttention, getPayout, settleFailed, type Payout } from './settle.js';

/** Seconds between two status checks of one attempt (whole seconds: a Step Functions Wait). */
export function checkSeconds(): number {
  const value = Number(process.env.PAYOUT_CHECK_SECONDS ?? 60);
  return Number.isInteger(value) && value >= 1 ? value : 60;
}

/** Checks of one attempt after the send; then the payout stays 'sent' for the reconciler (every 5 minutes). */
export function maxChecks(): number {
  const value = Number(process.env.PAYOUT_MAX_CHECKS ?? 10);
  return Number.isInteger(value) && value >= 0 ? value : 10;
}

/** Where CinetPay notifies: our public route, on the site's origin (the same /api as the SPA's). */
export function notifyUrl(): string {
  return `${(process.env.SITE_URL ?? '').replace(/\/$/, '')}${routes.cinetpayTransferNotification.path}`;
}

/** The payout statuses a workflow still works on; any other ends it. */
const WORKED_ON: readonly PayoutStatus[] = ['requested', 'sent'];

/** The error a Task throws, under the name the definition's Retry and Catch match. */
export class PayoutTaskError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

const failureSchema = z.looseObject({ Error: z.optional(z.string()), Cause: z.optional(z.string()), State: z.optional(z.string()) });
const taskEventSchema = z.discriminatedUnion('action', [
  z.looseObject({ action: z.literal('send'), payoutId: z.uuid(), execution: z.optional(z.string()) }),
  z.looseObject({ action: z.literal('check'), payoutId: z.uuid(), execution: z.optional(z.string()), checksLeft: z.int().check(z.nonnegative()) }),
  z.looseObject({ action: z.literal('flag'), payoutId: z.uuid(), execution: z.optional(z.string()), failure: z.optional(failureSchema) }),
]);
export type PayoutTaskEvent = z.infer<typeof taskEventSchema>;

/** What every Task hands on to the definition's Choice and Wait states. */
export interface PayoutTaskResult {
  payoutId: string;
  status: PayoutStatus | 'missing';
  /** Nothing more for this attempt: the payout is final, paid, needs an admin, or missing. */
  settled: boolean;
  checkSeconds: number;
  checksLeft: number;
}

function resultOf(payoutId: string, payout: Payout | null, checksLeft: number): PayoutTaskResult {
  const status = payout?.status ?? 'missing';
  return { payoutId, status, settled: !payout || !WORKED_ON.includes(payout.status), checkSeconds: checkSeconds(), checksLeft: Math.max(0, checksLeft) };
}

/** Failures that settle the payout at once, the amount back to the balance: retrying cannot help. */
const FAILS_THE_PAYOUT: ReadonlySet<PayoutFailureReason> = new Set(['limit_exceeded', 'invalid_destination']);

/**
 * A provider's error, as the workflow handles it: settled as failed (limits, invalid number), or
 * thrown under the name the definition retries (`Payout.Transient`) or catches (the rest).
 */
async function handleProviderError(payout: Payout, error: unknown): Promise<Payout> {
  if (!(error instanceof PayoutProviderError)) throw error;
  logger.warn('Payout provider error', { payoutId: payout.id, provider: error.provider, error: error.errorName, code: error.providerCode });
  if (!error.transient && FAILS_THE_PAYOUT.has(error.reason)) {
    return settleFailed(payout.id, error.reason, `${error.provider} ${error.providerCode} : ${error.message}`);
  }
  throw new PayoutTaskError(error.errorType, `${error.provider} ${error.providerCode} : ${error.message}`);
}

async function readBack(provider: PayoutProvider, payout: Payout): Promise<ProviderStatus> {
  return provider.status(payout.id, payout.provider_reference ?? null);
}

async function send(payoutId: string): Promise<PayoutTaskResult> {
  const payout = await getPayout(payoutId);
  if (!payout || !WORKED_ON.includes(payout.status)) return resultOf(payoutId, payout, maxChecks());
  const provider = providerNamed(payout.provider);
  try {
    // Already sent (an earlier attempt recorded it): only read back what the provider says.
    let status = payout.status === 'sent' ? await readBack(provider, payout) : undefined;
    if (!status || status.state === 'unknown') {
      status = await provider.send({
        payoutId: payout.id,
        operator: payout.operator,
        phone: payout.phone,
        net: payout.net,
        holderName: payout.holder_name,
        notifyUrl: notifyUrl(),
      });
    }
    return resultOf(payoutId, await applyProviderStatus(payout, status), maxChecks());
  } catch (error) {
    return resultOf(payoutId, await handleProviderError(payout, error), maxChecks());
  }
}

async function check(payoutId: string, checksLeft: number): Promise<PayoutTaskResult> {
  const payout = await getPayout(payoutId);
  if (!payout || !WORKED_ON.includes(payout.status)) return resultOf(payoutId, payout, checksLeft - 1);
  try {
    return resultOf(payoutId, await applyProviderStatus(payout, await readBack(providerNamed(payout.provider), payout)), checksLeft - 1);
  } catch (error) {
    return resultOf(payoutId, await handleProviderError(payout, error), checksLeft - 1);
  }
}

async function flag(payoutId: string, failure: z.infer<typeof failureSchema> | undefined, execution: string | undefined): Promise<PayoutTaskResult> {
  const state = failure?.State ?? 'inconnu';
  const error = failure?.Error ?? 'States.TaskFailed';
  const cause = failure?.Cause ?? '';
  logger.error('Payout needs attention', { payoutId, state, error, cause, execution });
  const payout = await getPayout(payoutId);
  // Only from requested or sent (flagAttention's condition): a payout settled meanwhile stays so.
  if (!payout || !WORKED_ON.includes(payout.status)) return resultOf(payoutId, payout, 0);
  return resultOf(payoutId, await flagAttention(payoutId, { state, error, cause }), 0);
}

export const handler = observedHandler(
  async (event: unknown): Promise<PayoutTaskResult> => {
    const parsed = taskEventSchema.safeParse(event);
    // A malformed input is our definition's fault: no retry helps, the Catch flags it.
    if (!parsed.success) throw new PayoutTaskError('Payout.InvalidTaskInput', z.prettifyError(parsed.error));
    const task = parsed.data;
    logger.appendKeys({ payoutId: task.payoutId });
    switch (task.action) {
      case 'send':
        return send(task.payoutId);
      case 'check':
        return check(task.payoutId, task.checksLeft);
      case 'flag':
        return flag(task.payoutId, task.failure, task.execution);
    }
  },
  { correlationIdOf: (event) => (typeof (event as { payoutId?: unknown })?.payoutId === 'string' ? (event as { payoutId: string }).payoutId : undefined) },
);

