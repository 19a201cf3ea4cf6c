/**
 * 'Renouveler' (issue 32, point 4): the same weekly slots for the next PACKAGE_WEEKS weeks, from
 * the day after the package's last week, at the tutor's rate and discount of today. Open to the
 * package's parent from RENEWAL_NOTICE_DAYS before its end while it is active (and renewed once).
 *
 * - `GET /api/packages/{id}/renewal`: the RenewalPreview (its starts, those no longer free, the total).
 * - `POST /api/packages/{id}/renew`: books it as a new package (`renewed_from`; the old one's
 *   `renewed_by` in the same DynamoDB transaction) and answers its Paystack URL; 409
 *   `renewalUnavailable` with the lessons no longer free (in French, as `details`).
 */
import type { Context } from 'aws-lambda';
import { lessonTimeLabel } from '#shared/french-dates';
import { messages } from '#shared/messages';
import { PACKAGE_WEEKS, packageIdParamsSchema, packageLessonStarts, packagePrice, type RenewalPreview } from '#shared/package-schemas';
import { routeKey, routes } from '#shared/routes';
import { ConflictError, DomainError, NotFoundError } from '#commons/errors';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { getProfile } from '../auth/profiles.js';
import { bookPlannedPackage, packageTutor, unavailableLessons, type PackageTutor } from './book.js';
import { packageFor, renewalOpen, type Package } from './views.js';

const DAY = 86_400_000;

interface Renewal {
  preview: RenewalPreview;
  tutor: PackageTutor;
}

/** The renewal of a package now: the next weeks' starts, which are not free, the price; 409 when not open. */
export async function renewalOf(pkg: Package, now = new Date()): Promise<Renewal> {
  if (!renewalOpen(pkg, now)) throw new ConflictError(messages.packages.renewalNotOpen);
  const startDate = new Date(Date.parse(`${pkg.start_date}T00:00:00.000Z`) + PACKAGE_WEEKS * 7 * DAY).toISOString().slice(0, 10);
  const starts = packageLessonStarts(startDate, pkg.slots, PACKAGE_WEEKS);
  const tutor = await packageTutor(pkg.tutor_id);
  const unavailable = await unavailableLessons(tutor, starts, pkg.duration_hours, now);
  const { total } = packagePrice(tutor.hourlyRate, pkg.duration_hours, tutor.discountPercent, starts.length);
  return { preview: { start_date: startDate, starts, unavailable, amount_total: total }, tutor };
}

/** 'Renouveler': every lesson free → a new package (its payment to make); else 409 naming those that are not. */
export async function renewPackage(pkg: Package, now = new Date()) {
  const { preview, tutor } = await renewalOf(pkg, now);
  if (preview.unavailable.length > 0) {
    throw new DomainError(
      'renewal_unavailable',
      409,
      messages.packages.renewalUnavailable,
      preview.unavailable.map((start) => ({ path: 'unavailable', message: lessonTimeLabel(start) })),
    );
  }
  const parent = await getProfile(pkg.parent_id);
  if (!parent) throw new NotFoundError(messages.http.profileNotFound);
  return bookPlannedPackage({
    request: {
      lessonsPerWeek: pkg.lessons_per_week,
      slots: pkg.slots,
      startDate: preview.start_date,
      duration: pkg.duration_hours as 1 | 2,
      subject: pkg.subject,
      level: pkg.level,
      notes: pkg.notes,
      paymentMethod: pkg.payment_method,
      phoneNumber: pkg.phone_number,
    },
    parent: { ...parent, email: parent.email ?? pkg.email },
    tutor,
    starts: preview.starts,
    now,
    renews: pkg,
  });
}

const params = { params: packageIdParamsSchema };

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.getPackageRenewal)]: apiHandler(routes.getPackageRenewal, params, async ({ caller, params }) =>
    ok((await renewalOf(await packageFor(params.id, caller, ['parent']))).preview),
  ),
  [routeKey(routes.renewPackage)]: apiHandler(routes.renewPackage, params, async ({ caller, params }) =>
    ok(await renewPackage(await packageFor(params.id, caller, ['parent']))),
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
