/**
 * Issue 32's items. A package (`PACKAGE#<id>`) is the one payment and the arrangement around a
 * set of ordinary lesson transactions (`TX#<id>`, each carrying `package_id`): the lessons' money
 * lives in their own transactions' ledgers; the package keeps what was agreed (weekly slots,
 * start, discount, price) and the lesson ids, in start order.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PAYMENT_METHODS } from '#shared/constants';
import { PACKAGE_STATUSES } from '#shared/packages';
import { indexKeys, onKalanTable } from '#commons/db';

export const PackageEntity = new Entity({
  name: 'package',
  ...onKalanTable,
  schema: item({
    id: string().key(),
    /** Paystack's reference of the package's one payment: `kalan-pkg-<id>` (packageReferenceFor). */
    reference: string(),
    parent_id: string(),
    parent_name: string(),
    email: string(),
    tutor_id: string(),
    tutor_user_id: string(),
    tutor_name: string(),
    subject: string(),
    level: string(),
    notes: string().optional(),
    duration_hours: number(),
    lessons_per_week: number(),
    slots: list(map({ weekday: number(), hour: number() })),
    /** YYYY-MM-DD: the first day of the package. */
    start_date: string(),
    /** The last lesson's end (ISO): renewal is offered from RENEWAL_NOTICE_DAYS before it. */
    end_at: string(),
    hourly_rate: number(),
    discount_percent: number(),
    /** One lesson's price (all equal): total = tutor + commission. */
    lesson_total: number(),
    lesson_tutor: number(),
    lesson_commission: number(),
    /** What the parent paid once: lesson_total × the lessons booked. */
    amount_total: number(),
    currency: string(),
    payment_method: string().enum(...PAYMENT_METHODS),
    phone_number: string().optional(),
    status: string().enum(...PACKAGE_STATUSES),
    /** The lesson transactions, in start order; a lesson rebooked with a credit is appended. */
    lesson_ids: list(string()),
    created_at: string(),
    updated_at: string(),
    paid_at: string().optional(),
    accepted_at: string().optional(),
    stopped_at: string().optional(),
    renewal_notified_at: string().optional(),
    /** The package this one renews, and the one that renewed it. */
    renewed_from: string().optional(),
    renewed_by: string().optional(),
    /** The parent's packages (gsi1 `PARENT_PKG#<parent id>`) and the tutor's (gsi2 `TUTOR_PKG#<tutor user id>`), newest first. */
    ...indexKeys('gsi1'),
    ...indexKeys('gsi2'),
  }),
  computeKey: ({ id }: { id: string }) => ({ pk: `PACKAGE#${id}`, sk: 'PACKAGE' }),
});

/** Every package, newest first, for the admin console: a small row in gsi1 `PACKAGES`. */
export const PackageIndexEntity = new Entity({
  name: 'packageIndex',
  ...onKalanTable,
  schema: item({
    package_id: string().key(),
    created_at: string(),
    ...indexKeys('gsi1'),
  }),
  computeKey: ({ package_id }: { package_id: string }) => ({ pk: `PACKAGE#${package_id}`, sk: 'INDEX' }),
});

/**
 * The trial guarantees a parent claimed in a calendar year: `count` (at most
 * TRIAL_GUARANTEE.max_per_year, a condition of the claim's DynamoDB transaction) and the lessons
 * claimed (each at most once).
 */
export const GuaranteeClaimsEntity = new Entity({
  name: 'guaranteeClaims',
  ...onKalanTable,
  schema: item({
    parent_id: string().key(),
    year: number().key(),
    count: number(),
    transaction_ids: list(string()),
    updated_at: string(),
  }),
  computeKey: ({ parent_id, year }: { parent_id: string; year: number }) => ({ pk: `GUARANTEE#${parent_id}`, sk: `YEAR#${year}` }),
});

export const ALL_PACKAGES_INDEX = 'PACKAGES';
export const parentPackagesIndex = (parentId: string) => `PARENT_PKG#${parentId}`;
export const tutorPackagesIndex = (tutorUserId: string) => `TUTOR_PKG#${tutorUserId}`;
export const packageReferenceFor = (packageId: string) => `kalan-pkg-${packageId}`;
export function packageIdOf(reference: string): string | null {
  const match = /^kalan-pkg-([0-9a-f-]{36})$/i.exec(reference);
  return match ? match[1]!.toLowerCase() : null;
}
