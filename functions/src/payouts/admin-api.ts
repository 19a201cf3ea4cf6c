/**
 * The admin's payouts console (issue 30, point 5), six routes in one Lambda (the stack's resource
 * budget, like notifications/api.ts), each behind the admin's second factor, each action recording
 * the admin's id and note:
 *
 * - `GET /api/admin/payouts[?status=][&cursor=]`: one page, newest first, of one status or of all
 *   (each status's index partition read from the cursor's position and merged), with the counts;
 * - `GET /api/admin/payouts/float`: each provider's balance against the next 24 hours' need;
 * - `POST /api/admin/payouts/{id}/retry`: a payout that needs attention, after reading the
 *   provider: what it knows is applied; when it has nothing, the payout goes back to `requested`
 *   (to a corrected number if given) and a new workflow attempt starts;
 * - `POST /api/admin/payouts/{id}/cancel`: back to the balance, only when the provider never paid it;
 * - `GET /api/admin/payout-destinations`, `POST /api/admin/payout-destinations/{tutorId}/review`:
 *   the destinations whose holder's name differs from the KYC name, accepted or refused.
 */
import type { Context } from 'aws-lambda';
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import * as z from '#shared/zod';
import { messages } from '#shared/messages';
import {
  adminCancelPayoutSchema,
  adminPayoutsQuerySchema,
  adminReviewDestinationSchema,
  adminRetryPayoutSchema,
  type AdminDestinationView,
  type AdminPayoutsPage,
  type AdminRetryPayoutInput,
  type AdminPayoutView,
  type ProviderFloat,
} from '#shared/payouts-schemas';
import { IN_FLIGHT_PAYOUT_STATUSES, operatorPhone, PAYOUT_STATUSES, quotePayout, withdrawalAmountError, type PayoutStatus } from '#shared/payouts';
import { routeKey, routes } from '#shared/routes';
import { isConditionalCheckFailure, kalanTable, ProfileEntity } from '#commons/db';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '#commons/errors';
import { json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { logger } from '#commons/logger';
import { ADMIN_LIST_PAGE_SIZE, decodeCursor, encodeCursor, type IndexList } from '#commons/page-cursor';
import { DESTINATIONS_IN_REVIEW_INDEX, PayoutDestinationEntity, PayoutEntity, payoutsByStatusIndex } from './entities.js';
import { providerFloats } from './float.js';
import { providerNamed, providerNameFor } from './providers/index.js';
import { PayoutProviderError, type ProviderStatus } from './providers/provider.js';
import { applyProviderStatus, cancelPayout, getDestination, getPayout, type Payout } from './settle.js';
import { toAdminPayoutView, toDestinationView } from './views.js';
import { startPayoutWorkflow } from './workflow.js';

const payoutParamsSchema = z.object({ id: z.uuid({ error: messages.payouts.payoutNotFound }) });
const tutorParamsSchema = z.object({ tutorId: z.uuid({ error: messages.validation.invalidId }) });

class ProviderUnavailableError extends DomainError {
  constructor() {
    super('provider_unavailable', 503, messages.payouts.providerUnavailable);
  }
}

// --- the list ------------------------------------------------------------------------------------

/** One status's index partition, as a paged list (the cursor names the list it came from). */
const statusList = (status: PayoutStatus | 'all'): IndexList => ({
  name: `payouts:${status}`,
  index: 'gsi2',
  partition: status === 'all' ? payoutsByStatusIndex('requested') : payoutsByStatusIndex(status),
  tableKey: (id) => ({ pk: `PAYOUT#${id}`, sk: 'PAYOUT' }),
});

/**
 * Payouts of `status` older than the cursor's position, newest first, at most `limit`. The index's
 * sort key is `<created_at>#<id>`, so one position orders every status's partition the same way.
 */
async function readStatus(status: PayoutStatus, before: string | undefined, limit: number): Promise<Payout[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(PayoutEntity)
    .query({ index: 'gsi2', partition: payoutsByStatusIndex(status), ...(before ? { range: { lt: before } } : {}) })
    .options({ reverse: true, limit, maxPages: 1 })
    .send();
  return Items;
}

async function countStatus(status: PayoutStatus): Promise<number> {
  const { Count = 0 } = await kalanTable
    .build(QueryCommand)
    .query({ index: 'gsi2', partition: payoutsByStatusIndex(status) })
    .options({ select: 'COUNT', maxPages: Infinity })
    .send();
  return Count;
}

/**
 * One page of one status, or of all of them: each status's partition read from the cursor's
 * position (one item more than the page, to know whether another page follows), merged newest
 * first. The counts come with every page (the filter shows them).
 */
export async function payoutsPage(status: PayoutStatus | undefined, cursor: string | undefined, size = ADMIN_LIST_PAGE_SIZE): Promise<AdminPayoutsPage> {
  const list = statusList(status ?? 'all');
  const start = decodeCursor(list, cursor);
  const before = start?.gsi2sk;
  const statuses = status ? [status] : PAYOUT_STATUSES;
  const [pages, counts] = await Promise.all([
    Promise.all(statuses.map((s) => readStatus(s, before, size + 1))),
    Promise.all(PAYOUT_STATUSES.map(async (s) => [s, await countStatus(s)] as const)),
  ]);
  const merged = pages.flat().sort((a, b) => sortKey(b).localeCompare(sortKey(a)));
  const page = merged.slice(0, size);
  const last = page[page.length - 1];
  return {
    payouts: page.map(toAdminPayoutView),
    next_cursor: merged.length > size && last ? encodeCursor(list, { at: last.created_at, id: last.id }) : null,
    counts: Object.fromEntries(counts.filter(([, n]) => n > 0)),
  };
}

const sortKey = (payout: Payout) => `${payout.created_at}#${payout.id}`;

// --- retry and cancel ----------------------------------------------------------------------------

async function payoutOrNotFound(id: string): Promise<Payout> {
  const payout = await getPayout(id);
  if (!payout) throw new NotFoundError(messages.payouts.payoutNotFound);
  return payout;
}

/** What the provider that sent (or was to send) the payout says of it; 503 when it cannot be asked. */
async function providerStatusOf(payout: Payout): Promise<ProviderStatus> {
  try {
    return await providerNamed(payout.provider).status(payout.id, payout.provider_reference ?? null);
  } catch (error) {
    if (error instanceof PayoutProviderError && !error.transient) throw error;
    logger.warn('Provider unreachable from the console', { payout_id: payout.id, provider: payout.provider, error: (error as Error).message });
    throw new ProviderUnavailableError();
  }
}

export interface RetryResult {
  payout: AdminPayoutView;
  message: string;
}

/**
 * 'Relancer' a payout that needs attention. The provider is read first: a payout it knows is
 * settled by what it says (paid, failed, reversed), or, still under way, put back to `sent` for the
 * workflow to follow; one it never received goes back to `requested`, to the corrected number
 * when one is given, for a new workflow attempt. Each write is conditional on `needs_attention`:
 * two admins retrying together start one attempt.
 */
export async function retryPayout(id: string, adminId: string, input: AdminRetryPayoutInput): Promise<RetryResult> {
  const payout = await payoutOrNotFound(id);
  if (payout.status !== 'needs_attention') throw new ConflictError(messages.payouts.notRetryable);
  const status = await providerStatusOf(payout);
  logger.info('Admin payout retry', { payout_id: id, admin_id: adminId, provider_state: status.state });

  if (status.state === 'paid' || status.state === 'failed' || status.state === 'reversed') {
    const settled = await applyProviderStatus(payout, status);
    await recordNote(id, settled.status, adminId, input.note);
    return { payout: toAdminPayoutView({ ...settled, admin_notes: noteOf(adminId, input.note) }), message: messages.payouts.retrySettled(settled.status) };
  }
  if (status.state === 'pending') {
    // Under way at the provider: the workflow follows it again (its Send skips a payout already sent).
    const resumed = await backInFlight(payout, 'sent', adminId, input.note, {});
    await startPayoutWorkflow(id, { expectedAttempt: payout.workflow_attempt ?? 0 });
    return { payout: toAdminPayoutView(resumed), message: messages.payouts.retryResumed };
  }
  const corrected = input.operator && input.phone ? correctedDestination(payout, input.operator, input.phone) : {};
  const requested = await backInFlight(payout, 'requested', adminId, input.note, corrected);
  await startPayoutWorkflow(id, { expectedAttempt: payout.workflow_attempt ?? 0 });
  return { payout: toAdminPayoutView(requested), message: messages.payouts.retryRequested };
}

type Correction = Partial<Pick<Payout, 'operator' | 'provider' | 'phone' | 'fee' | 'net'>>;

/** The payout sent to another number: its provider, fee and net follow the operator (the amount debited does not change). */
function correctedDestination(payout: Payout, operator: NonNullable<AdminRetryPayoutInput['operator']>, phone: string): Correction {
  const e164 = operatorPhone(operator, phone);
  if (!e164) throw new ValidationError(messages.payouts.phoneOfOperator(operator), [{ path: 'body.phone', message: messages.payouts.phoneOfOperator(operator) }]);
  const limit = withdrawalAmountError(operator, payout.amount, payout.amount);
  if (limit) throw new ValidationError(limit, [{ path: 'body.operator', message: limit }]);
  const { fee, net } = quotePayout(operator, payout.amount);
  return { operator, provider: providerNameFor(operator), phone: e164, fee, net };
}

/** needs_attention → `to` (still in flight: no money moves), with the admin's note; 409 when another admin acted first. */
async function backInFlight(payout: Payout, to: 'requested' | 'sent', adminId: string, note: string, correction: Correction): Promise<Payout> {
  const now = new Date().toISOString();
  const changes = { ...correction, status: to, updated_at: now, admin_notes: noteOf(adminId, note) } as const;
  try {
    await PayoutEntity.build(UpdateItemCommand)
      .item({ id: payout.id, ...changes, attention: $remove(), gsi2pk: payoutsByStatusIndex(to) } as never)
      .options({ condition: { attr: 'status', eq: 'needs_attention' } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new ConflictError(messages.payouts.notRetryable);
    throw error;
  }
  const { attention: _attention, ...rest } = payout;
  return { ...rest, ...changes } as Payout;
}

/**
 * The admin's note, signed: the payout keeps who acted last and why (each action also logged with
 * the admin's id).
 */
const noteOf = (adminId: string, note: string) => `${note} — ${adminId}`;

/** The note of an action that settled the payout (settle.ts wrote the status): conditional on that status. */
async function recordNote(id: string, status: PayoutStatus, adminId: string, note: string): Promise<void> {
  await PayoutEntity.build(UpdateItemCommand)
    .item({ id, admin_notes: noteOf(adminId, note) } as never)
    .options({ condition: { attr: 'status', eq: status } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * 'Annuler le retrait': only while the provider has nothing (unknown) or refused it (failed);
 * otherwise what it says is applied (a payment is recorded) and the answer is 409.
 */
export async function cancelPayoutByAdmin(id: string, adminId: string, note: string): Promise<AdminPayoutView> {
  const payout = await payoutOrNotFound(id);
  if (!IN_FLIGHT_PAYOUT_STATUSES.includes(payout.status)) throw new ConflictError(messages.payouts.notCancellable);
  const status = await providerStatusOf(payout);
  logger.info('Admin payout cancel', { payout_id: id, admin_id: adminId, provider_state: status.state });
  if (status.state !== 'unknown' && status.state !== 'failed') {
    await applyProviderStatus(payout, status);
    throw new ConflictError(messages.payouts.notCancellable);
  }
  const cancelled = await cancelPayout(id, adminId, noteOf(adminId, note));
  if (cancelled.status !== 'cancelled') throw new ConflictError(messages.payouts.notCancellable);
  return toAdminPayoutView(cancelled);
}

// --- destinations in review ----------------------------------------------------------------------

async function namesOf(userIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const requests = unique.slice(i, i + 100).map((user_id) => ProfileEntity.build(BatchGetRequest).key({ user_id }));
    const { Responses } = await executeBatchGet({ maxAttempts: 5 }, kalanTable.build(BatchGetCommand).requests(...requests));
    for (const profile of Responses?.[0] ?? []) if (profile) names.set(profile.user_id, `${profile.first_name} ${profile.last_name}`.trim());
  }
  return names;
}

/** The destinations waiting for an admin (the sparse index holds only those), oldest change first. */
export async function destinationsInReview(): Promise<AdminDestinationView[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(PayoutDestinationEntity)
    .query({ index: 'gsi1', partition: DESTINATIONS_IN_REVIEW_INDEX })
    .options({ maxPages: Infinity })
    .send();
  const names = await namesOf(Items.map((d) => d.tutor_user_id));
  const now = new Date();
  return Items.map((destination) => {
    const name = names.get(destination.tutor_user_id) ?? null;
    // The profile's name is the one its KYC verified.
    return { ...toDestinationView(destination, now), tutor_user_id: destination.tutor_user_id, tutor_name: name ?? '', kyc_name: name };
  });
}

/** Accepts (active) or refuses a destination in review, with the admin's id and note; 409 when it is not in review any more. */
export async function reviewDestination(tutorId: string, adminId: string, decision: 'approve' | 'reject', note: string): Promise<AdminDestinationView> {
  const destination = await getDestination(tutorId);
  if (!destination) throw new NotFoundError(messages.payouts.destinationNotFound);
  if (destination.status !== 'review') throw new ConflictError(messages.payouts.destinationNotInReview);
  const status = decision === 'approve' ? 'active' : 'rejected';
  try {
    await PayoutDestinationEntity.build(UpdateItemCommand)
      .item({ tutor_user_id: tutorId, status, admin_notes: note, reviewed_by: adminId, gsi1pk: $remove(), gsi1sk: $remove() } as never)
      // The same destination the admin saw: a change meanwhile is a new one, to review again.
      .options({ condition: { and: [{ attr: 'status', eq: 'review' }, { attr: 'changed_at', eq: destination.changed_at }] } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new ConflictError(messages.payouts.destinationNotInReview);
    throw error;
  }
  logger.info('Admin payout destination review', { tutor_user_id: tutorId, admin_id: adminId, decision });
  const names = await namesOf([tutorId]);
  const name = names.get(tutorId) ?? null;
  return {
    ...toDestinationView({ ...destination, status, admin_notes: note, reviewed_by: adminId }, new Date()),
    tutor_user_id: tutorId,
    tutor_name: name ?? '',
    kyc_name: name,
  };
}

// --- the routes ----------------------------------------------------------------------------------

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.adminPayouts)]: apiHandlerWithSecondFactor(routes.adminPayouts, { query: adminPayoutsQuerySchema }, async ({ query }) =>
    ok(await payoutsPage(query.status, query.cursor)),
  ),
  [routeKey(routes.adminPayoutFloat)]: apiHandlerWithSecondFactor(routes.adminPayoutFloat, {}, async () => {
    const floats: ProviderFloat[] = await providerFloats();
    return ok({ providers: floats });
  }),
  [routeKey(routes.adminRetryPayout)]: apiHandlerWithSecondFactor(
    routes.adminRetryPayout,
    { params: payoutParamsSchema, body: adminRetryPayoutSchema },
    async ({ caller, params, body }) => {
      // The payout as it is now, with what the retry did (French) beside it.
      const { payout, message } = await retryPayout(params.id.toLowerCase(), caller.userId, body);
      return ok({ ...payout, message });
    },
  ),
  [routeKey(routes.adminCancelPayout)]: apiHandlerWithSecondFactor(
    routes.adminCancelPayout,
    { params: payoutParamsSchema, body: adminCancelPayoutSchema },
    async ({ caller, params, body }) => ok(await cancelPayoutByAdmin(params.id.toLowerCase(), caller.userId, body.note)),
  ),
  [routeKey(routes.adminPayoutDestinations)]: apiHandlerWithSecondFactor(routes.adminPayoutDestinations, {}, async () =>
    // One page: the review queue is short (names that differ from the KYC's), read whole.
    ok({ destinations: await destinationsInReview(), next_cursor: null }),
  ),
  [routeKey(routes.adminReviewPayoutDestination)]: apiHandlerWithSecondFactor(
    routes.adminReviewPayoutDestination,
    { params: tutorParamsSchema, body: adminReviewDestinationSchema },
    async ({ caller, params, body }) => ok(await reviewDestination(params.tutorId.toLowerCase(), caller.userId, body.decision, body.note)),
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
