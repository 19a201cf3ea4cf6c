/**
 * The packages API, six routes in one Lambda (like messages/api.ts), chosen by API Gateway's
 * `routeKey`, each with its own `apiHandler` (roles, schemas, French errors). A package is its
 * parent's and its tutor's (the token's subject, never a parameter) and the admins': anyone else
 * gets 404, as for a package that does not exist.
 *
 * - `GET /api/packages`: the caller's packages, newest first (a parent's gsi1, a tutor's gsi2).
 * - `GET /api/packages/{id}`: one package (PackageView).
 * - `POST /api/packages/{id}/accept|decline`: the tutor answers every lesson still waiting for it.
 * - `GET /api/packages/{id}/invoice`: the one invoice of a paid package, its lessons as lines.
 * - `GET /api/admin/packages?cursor=`: every package, a page at a time (admin.ts).
 */
import type { Context } from 'aws-lambda';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { messages } from '#shared/messages';
import { packageIdParamsSchema, type PackagesListResponse, type PackageView } from '#shared/package-schemas';
import { adminPageQuerySchema } from '#shared/payments-schemas';
import { routeKey, routes } from '#shared/routes';
import { kalanTable } from '#commons/db';
import { ConflictError, DomainError } from '#commons/errors';
import { apiHandler, json, ok, type ApiEvent, type ApiResult, type Caller } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { logger } from '#commons/logger';
import { applyTransition } from '../escrow/transitions.js';
import { packagesPage } from './admin.js';
import { PackageEntity, parentPackagesIndex, tutorPackagesIndex } from './entities.js';
import { getPackage, lessonsOf, packageFor, packageViews, toPackageInvoice, toPackageView, type Package } from './views.js';

/** At most this many of a caller's packages (a year of monthly packages, several tutors). */
const MY_PACKAGES_LIMIT = 100;

/** The caller's packages, newest first: the package items carry the parent's (gsi1) and the tutor's (gsi2) list keys. */
async function myPackages(caller: Caller): Promise<PackageView[]> {
  const asParent = caller.groups.includes('parent');
  const packages: Package[] = [];
  const query = kalanTable
    .build(QueryCommand)
    .entities(PackageEntity)
    .query(asParent ? { index: 'gsi1', partition: parentPackagesIndex(caller.userId) } : { index: 'gsi2', partition: tutorPackagesIndex(caller.userId) })
    .options({ reverse: true });
  for await (const page of query.paginate()) {
    packages.push(...((page.Items ?? []) as Package[]));
    if (packages.length >= MY_PACKAGES_LIMIT) break;
  }
  return packageViews(packages.slice(0, MY_PACKAGES_LIMIT));
}

/**
 * The tutor's answer to the package: `accept` or `decline` on every lesson still `requested`, each
 * its own conditional transition (a lesson its own answer window declined meanwhile is skipped).
 * Nothing left to answer: 409. An acceptance stamps the package's `accepted_at` once.
 */
export async function answerPackage(pkg: Package, answer: 'accept' | 'decline', tutorUserId: string, now = new Date()): Promise<PackageView> {
  const waiting = (await lessonsOf(pkg)).filter((tx) => tx.status === 'requested');
  let answered = 0;
  for (const tx of waiting) {
    try {
      await applyTransition({ transactionId: tx.id, action: answer, actor: 'tutor', actorId: tutorUserId, now });
      answered++;
    } catch (error) {
      // Raced by the lesson's own timer or a second tap: that lesson is answered already.
      if (!(error instanceof ConflictError)) throw error;
      logger.info('Package lesson answered meanwhile', { transaction_id: tx.id });
    }
  }
  if (answered === 0) throw new ConflictError(messages.packages.nothingToAnswer);
  if (answer === 'accept') {
    await PackageEntity.build(UpdateItemCommand)
      .item({ id: pkg.id, accepted_at: now.toISOString(), updated_at: now.toISOString() })
      .options({ condition: { attr: 'accepted_at', exists: false } })
      .send()
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
  }
  const updated = (await getPackage(pkg.id))!;
  return toPackageView(updated, await lessonsOf(updated), new Date());
}

const params = { params: packageIdParamsSchema };

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.listMyPackages)]: apiHandler(routes.listMyPackages, {}, async ({ caller }) => ok({ packages: await myPackages(caller) } satisfies PackagesListResponse)),
  [routeKey(routes.getPackage)]: apiHandlerWithSecondFactor(routes.getPackage, params, async ({ caller, params }) => {
    const pkg = await packageFor(params.id, caller);
    return ok(toPackageView(pkg, await lessonsOf(pkg)));
  }),
  [routeKey(routes.acceptPackage)]: apiHandler(routes.acceptPackage, params, async ({ caller, params }) =>
    ok(await answerPackage(await packageFor(params.id, caller, ['tutor']), 'accept', caller.userId)),
  ),
  [routeKey(routes.declinePackage)]: apiHandler(routes.declinePackage, params, async ({ caller, params }) =>
    ok(await answerPackage(await packageFor(params.id, caller, ['tutor']), 'decline', caller.userId)),
  ),
  // No invoice before the one payment is received: it would say "Total payé" for nothing paid.
  [routeKey(routes.getPackageInvoice)]: apiHandlerWithSecondFactor(routes.getPackageInvoice, params, async ({ caller, params }) => {
    const pkg = await packageFor(params.id, caller);
    if (!pkg.paid_at) {
      throw new DomainError('invoice_unavailable', 409, pkg.status === 'pending' ? messages.payments.invoiceAwaitingPayment : messages.payments.invoiceNoPayment);
    }
    return ok(toPackageInvoice(pkg, await lessonsOf(pkg)));
  }),
  [routeKey(routes.adminPackages)]: apiHandlerWithSecondFactor(routes.adminPackages, { query: adminPageQuerySchema }, async ({ query }) =>
    ok(await packagesPage(query.cursor)),
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
