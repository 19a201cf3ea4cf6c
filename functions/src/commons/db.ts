/**
 * The single table (dynamodb-toolbox v2) and the entities every domain shares. A domain's own
 * entities live in `functions/src/<domain>/entities.ts`, built on `kalanTable`; handlers and
 * domain code go through entities and never build key strings themselves.
 *
 * Key registry (add a line when you add an entity; prefixes never collide):
 * | entity        | pk / sk                           | gsi1 (pk / sk)                    | gsi2 (pk / sk)           |
 * |---------------|-----------------------------------|-----------------------------------|--------------------------|
 * | profile       | USER#<user_id> / PROFILE          | PROFILES / <created_at>#<user_id> | —                        |
 * | tutorProfile  | USER#<user_id> / TUTOR_PROFILE    | —                                 | TUTOR#<id> / TUTOR_PROFILE |
 * gsi3 (sparse), the published tutors: a tutor's profile and a completed tutor profile carry
 * CATALOGUE#<shard> / <user_id>#PROFILE | <user_id>#TUTOR_PROFILE (catalogueShard).
 * | parentPreferences (onboarding/entities.ts) | USER#<user_id> / PARENT_PREFERENCES | — | — |
 * | organisation  (onboarding/entities.ts) | USER#<user_id> / ORGANISATION | —                     | —                        |
 * | favorite      (favorites/entities.ts) | USER#<user_id> / FAVORITE#<tutor_id> | —                | —                        |
 * | searchHistory (history/entities.ts) | USER#<user_id> / SEARCH#<id> | HISTORY#<user_id> / <created_at>#<id> | —             |
 * | kycVerification (kyc/entities.ts) | KYC#<id> / KYC                | KYC_VERIFICATIONS / <created_at>#<id> | KYC_PENDING / <created_at>#<id> (sparse: pending only) |
 * | kycStatus     (kyc/entities.ts) | USER#<user_id> / KYC_STATUS     | —                                 | —                        |
 * | recommendationsCache (recommendations/entities.ts) | USER#<user_id> / RECOMMENDATIONS | — | —                  |
 * | transaction   (payments/entities.ts) | TX#<id> / TRANSACTION      | — (booked before issue 14: as its lists row) | —     |
 * | transactionLists (payments/entities.ts) | TX#<id> / LISTS         | PARENT_TX#<parent_id> / <created_at>#<id> | TUTOR_TX#<tutor_user_id> / <created_at>#<id> |
 * | workflowToken (payments/entities.ts) | TX#<id> / TOKEN#<status>   | —                                 | —                        |
 * | transactionIndex (payments/entities.ts) | TX#<id> / INDEX         | TRANSACTIONS / <created_at>#<id>  | TX_ATTENTION / <created_at>#<id> (sparse: needs_attention, payment_mismatch) |
 * | ledgerLine    (payments/entities.ts) | TX#<id> / LEDGER#<movement>#<n> | —                             | —                        |
 * | dispute       (payments/entities.ts) | TX#<id> / DISPUTE          | DISPUTES#open|resolved / <opened_at>#<id> | —                |
 * | adminCounter  (commons/counters.ts) | ADMIN_COUNTERS / COUNTER#<name> | —                              | —                        |
 * | paystackEvent (payments/entities.ts) | PAYSTACK_EVENT#<event>#<paystack id> / EVENT | —           | —                        |
 * | slotHold      (tutors/slot-holds.ts) | SLOTS#<tutor id> / SLOT#<start> | —                           | —                        |
 * | notification  (notifications/entities.ts) | USER#<user_id> / NOTIF#<when>#<source>#<kind>[#…] | — | NOTIF_UNREAD#<user_id> / <id> (sparse: unread only) |
 * | notificationPreferences (notifications/entities.ts) | USER#<user_id> / NOTIF_PREFS | —            | —                        |
 * | wallet        (payouts/entities.ts) | WALLET#<tutor user id> / WALLET | —                             | —                        |
 * | payoutDestination (payouts/entities.ts) | WALLET#<tutor user id> / DESTINATION | PAYOUT_DESTINATIONS#review / <changed_at>#<tutor> (sparse: review only) | — |
 * | destinationCode (payouts/entities.ts) | WALLET#<tutor user id> / DESTINATION_CODE (TTL expires_at) | — | —              |
 * | payout        (payouts/entities.ts) | PAYOUT#<id> / PAYOUT          | TUTOR_PAYOUTS#<tutor> / <created_at>#<id> | PAYOUTS#<status> / <created_at>#<id> |
 * | payoutLedgerLine (payouts/entities.ts) | PAYOUT#<id> / LEDGER#<movement>#<n> | —                     | —                        |
 * | conversation  (messages/entities.ts) | CONV#<id> / CONV               | CONVS#<parent user id> / <last activity>#<id> | CONVS#<tutor user id> / <last activity>#<id> |
 * | message       (messages/entities.ts) | CONV#<id> / MSG#<seq, 10 digits> | —                               | —                        |
 * | messageId     (messages/entities.ts) | CONV#<id> / MSGID#<message id> | —                                 | —                        |
 * | messagingAccount (messages/entities.ts) | MESSAGING#<user_id> / ACCOUNT | —                              | —                        |
 * | messagingCounter (messages/entities.ts) | MESSAGING#<user_id> / RATE#<minute> | NEWCONV#<day> (TTL expires_at) | — | —    |
 * | responseStats (messages/entities.ts) | MESSAGING#<tutor user id> / RESPONSE_STATS | —                     | —                        |
 * | messageReport (messages/report-entities.ts) | MSG_REPORT#<id> / REPORT | MSG_REPORTS#<status> / <created_at>#<id> | —          |
 * | messageReportMarker (messages/report-entities.ts) | CONV#<id> / REPORTED#<message id>#<reporter user id> | — | —     |
 * | socketConnection (messages/connections.ts) | WSCONN#<connection id> / CONNECTION (TTL expires_at) | SOCKETS#<user_id> / <connection id> | — |
 */
// Subpath imports keep the bundles small (the package root pulls in every action).
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { Table } from 'dynamodb-toolbox/table';
import { EXPERIENCE_OPTIONS, ROLES, ZONES } from '#shared/constants';
import { documentClient } from './clients/dynamodb.js';
import { env } from './env.js';
import { TABLE_KEYS } from './table.js';

const [gsi1, gsi2, gsi3] = TABLE_KEYS.indexes;
type IndexName = (typeof TABLE_KEYS.indexes)[number]['name'];

export const kalanTable = new Table({
  // Read when the first request is sent: the local stack sets TABLE_NAME after imports.
  name: () => env.tableName,
  partitionKey: { name: TABLE_KEYS.partitionKey, type: 'string' },
  sortKey: { name: TABLE_KEYS.sortKey, type: 'string' },
  indexes: {
    [gsi1.name]: {
      type: 'global',
      partitionKey: { name: gsi1.partitionKey, type: 'string' },
      sortKey: { name: gsi1.sortKey, type: 'string' },
    },
    [gsi2.name]: {
      type: 'global',
      partitionKey: { name: gsi2.partitionKey, type: 'string' },
      sortKey: { name: gsi2.sortKey, type: 'string' },
    },
    [gsi3.name]: {
      type: 'global',
      partitionKey: { name: gsi3.partitionKey, type: 'string' },
      sortKey: { name: gsi3.sortKey, type: 'string' },
    },
  },
  documentClient,
});

/**
 * What every entity of the single table is built with: the table, and no timestamps of the
 * library's own (each entity declares the dates it keeps).
 */
export const onKalanTable = { table: kalanTable, timestamps: false as const };

export const userPartition = (userId: string) => `USER#${userId}`;
/** The key of an entity's one item in its user's partition, under a fixed sort key. */
export const userItemKey =
  (sk: string) =>
  ({ user_id }: { user_id: string }) => ({ pk: userPartition(user_id), sk });
/** The key of one of a user's items of a kind: `<prefix><the item's own key attribute>` in the user's partition. */
export const userPrefixedKey =
  <F extends string>(prefix: string, attribute: F) =>
  (key: { user_id: string } & Record<F, string>) => ({ pk: userPartition(key.user_id), sk: `${prefix}${key[attribute]}` });
/** The sort key of a newest-first index: `<created_at>#<id>` (read in reverse). */
export const newestFirstKey = (createdAt: string, id: string) => `${createdAt}#${id}`;
export const now = () => new Date().toISOString();

/** The partitions of the published tutors' index (gsi3): spread so that none grows hot. */
export const CATALOGUE_SHARDS = 16;
export const CATALOGUE_PARTITIONS = Array.from({ length: CATALOGUE_SHARDS }, (_, shard) => `CATALOGUE#${shard}`);
/** The gsi3 partition of a user's catalogue items: FNV-1a of the user id, modulo the shards. */
export function catalogueShard(userId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i += 1) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return CATALOGUE_PARTITIONS[(hash >>> 0) % CATALOGUE_SHARDS]!;
}
const hiddenKey = () => string().hidden();
const sparseKey = () => string().hidden().optional();
/** An index's key attributes (`<index>pk`, `<index>sk`): written by the code, never sent to browsers. */
export const indexKeys = <I extends IndexName>(index: I) =>
  ({ [`${index}pk`]: hiddenKey(), [`${index}sk`]: hiddenKey() }) as Record<`${I}pk` | `${I}sk`, ReturnType<typeof hiddenKey>>;
/** The same for a sparse index: only the items it lists carry them. */
export const sparseIndexKeys = <I extends IndexName>(index: I) =>
  ({ [`${index}pk`]: sparseKey(), [`${index}sk`]: sparseKey() }) as Record<`${I}pk` | `${I}sk`, ReturnType<typeof sparseKey>>;
/** The dates of a profile item: set at creation, then at each update. */
const profileDates = () => ({ created_at: string().default(now), updated_at: string().optional() });

export const ProfileEntity = new Entity({
  name: 'profile',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    first_name: string(),
    last_name: string(),
    email: string().optional(),
    role: string().enum(...ROLES),
    is_verified: boolean().default(false),
    ...profileDates(),
    /** Admins: when Cognito confirmed their TOTP second factor (commons/second-factor.ts). Never sent to the browser. */
    mfa_enrolled_at: string().optional(),
    gsi1pk: string().hidden().default('PROFILES'),
  }).and((schema) => ({
    gsi1sk: string()
      .hidden()
      .link<typeof schema>(({ created_at, user_id }) => newestFirstKey(created_at, user_id)),
    // A tutor's profile (the role never changes) is in the published tutors' index.
    gsi3pk: sparseKey()
      .link<typeof schema>(({ role, user_id }) => (role === 'tuteur' ? catalogueShard(user_id) : undefined))
      .updateLink<typeof schema>(({ role, user_id }) => (role === 'tuteur' ? catalogueShard(user_id as string) : undefined)),
    gsi3sk: sparseKey()
      .link<typeof schema>(({ role, user_id }) => (role === 'tuteur' ? `${user_id}#PROFILE` : undefined))
      .updateLink<typeof schema>(({ role, user_id }) => (role === 'tuteur' ? `${user_id as string}#PROFILE` : undefined)),
  })),
  computeKey: userItemKey('PROFILE'),
});

const slot = map({ start: string(), end: string() });

export const TutorProfileEntity = new Entity({
  name: 'tutorProfile',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    id: string(),
    bio: string().optional(),
    education: string().optional(),
    experience: string().enum(...EXPERIENCE_OPTIONS).optional(),
    teaching_method: string().optional(),
    subjects: list(string()).default(() => []),
    levels: list(string()).default(() => []),
    location: string().enum(...ZONES).optional(),
    hourly_rate: number().optional(),
    availability_schedule: list(map({ day: string(), available: boolean(), slots: list(slot) })).default(() => []),
    /** Days off (`YYYY-MM-DD`, both ends included); absent on profiles saved before issue 15 (read as none). */
    availability_exceptions: list(map({ start_date: string(), end_date: string() })).optional(),
    /** S3 keys in the private tutor-images bucket, not URLs: read them through presigned GETs (uploads/storage.ts). */
    profile_image_url: string().optional(),
    /** The photo (upload key) whose resized variants exist (functions/src/photos/variants.ts); equal to profile_image_url once they do. */
    photo_variants_of: string().optional(),
    /** The layout those variants were made on (shared/src/photos.ts PHOTO_LAYOUT); absent on variants made before issue 17's layout 2 (read as 1). */
    photo_layout: number().optional(),
    diploma_images: list(string()).default(() => []),
    is_completed: boolean().default(false),
    /** Issue 17: out of what visitors and search engines see; absent on profiles saved before (read as false). */
    hidden_from_visitors: boolean().optional(),
    /** Issue 32: the discount (whole percent, 0–20) the tutor gives on packages; absent = none. */
    package_discount_percent: number().optional(),
    ...profileDates(),
    gsi2sk: string().hidden().default('TUTOR_PROFILE'),
  }).and((schema) => ({
    gsi2pk: string()
      .hidden()
      .link<typeof schema>(({ id }) => `TUTOR#${id}`),
    // A completed profile is published: in the published tutors' index, however it was saved.
    gsi3pk: sparseKey()
      .link<typeof schema>(({ is_completed, user_id }) => (is_completed ? catalogueShard(user_id) : undefined))
      .updateLink<typeof schema>(({ is_completed, user_id }) => (is_completed === true ? catalogueShard(user_id as string) : undefined)),
    gsi3sk: sparseKey()
      .link<typeof schema>(({ is_completed, user_id }) => (is_completed ? `${user_id}#TUTOR_PROFILE` : undefined))
      .updateLink<typeof schema>(({ is_completed, user_id }) => (is_completed === true ? `${user_id as string}#TUTOR_PROFILE` : undefined)),
  })),
  computeKey: userItemKey('TUTOR_PROFILE'),
});

/** True when DynamoDB refused a write because its condition did not hold. */
export function isConditionalCheckFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}
