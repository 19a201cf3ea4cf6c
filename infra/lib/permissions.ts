/**
 * Who may do what: one row per handler module (the route table's handlers and `eventHandlers`),
 * derived from what the module's code does (follow its imports). `KalanFunction` grants its row's
 * table rights; the constructs that own a resource (escrow, search, uploads, auth) grant the rest
 * to the functions whose row declares it; tests/infra/permissions.test.ts checks the synthesized
 * policies against this table. A handler module without a row does not synthesize.
 *
 * Table rights are item-level: each action lists the partition keys it may touch, as
 * `dynamodb:LeadingKeys` patterns (`ForAllValues:StringLike`). A Query on a global secondary index
 * is checked against the INDEX's partition key (gsi1pk / gsi2pk / gsi3pk), hence separate
 * `gsi1`/`gsi2`/`gsi3` lists. Partition keys come from the key registry in functions/src/commons/db.ts. IAM cannot
 * bind a partition to the caller (one role serves every user): `USER#*` keeps a function to
 * users' items, never to money or KYC records; the handler checks whose items they are.
 */

/** Partition keys of the table (functions/src/commons/db.ts). */
export const PARTITIONS = {
  /** Profiles, tutor profiles, onboarding answers, favourites, search history, KYC status. */
  user: 'USER#*',
  /** A transaction with its index row, ledger lines, dispute and history (payments/entities.ts). */
  transaction: 'TX#*',
  kyc: 'KYC#*',
  paystackEvent: 'PAYSTACK_EVENT#*',
  /** The admin's stat-card counters (commons/counters.ts), moved with each counted change. */
  counters: 'ADMIN_COUNTERS',
  /** The slots bookings hold on a tutor's calendar (tutors/slot-holds.ts). */
  slots: 'SLOTS#*',
  /** A tutor's lesson figures (tutors/lesson-stats.ts), moved with the change that counts. */
  lessonStats: 'LESSON_STATS#*',
  /** A tutor's wallet, payout destination and its e-mailed code (payouts/entities.ts). */
  wallet: 'WALLET#*',
  /** A payout with its ledger lines (payouts/entities.ts). */
  payout: 'PAYOUT#*',
  /** A conversation with its messages, message ids and report markers (messages/entities.ts). */
  conversation: 'CONV#*',
  /** An account's messaging state, rate counters and response figures (messages/entities.ts). */
  messaging: 'MESSAGING#*',
  /** A report of a message, with its snapshot (messages/report-entities.ts). */
  messageReport: 'MSG_REPORT#*',
  /** A WebSocket connection (messages/connections.ts), with DynamoDB's TTL. */
  socketConnection: 'WSCONN#*',
  /** A package with its admin index row (packages/entities.ts, issue 32). */
  package: 'PACKAGE#*',
  /** A parent's trial guarantees of a year (packages/entities.ts, issue 32). */
  guaranteeClaims: 'GUARANTEE#*',
  /** The claim of a WhatsApp number by one account (whatsapp/entities.ts, issue 34). */
  whatsappPhone: 'WAPHONE#*',
  /** A WhatsApp message sent, with its statuses (whatsapp/entities.ts, issue 34). */
  whatsappMessage: 'WAMSG#*',
} as const;

/** Partition keys of gsi1 (newest-first lists). */
export const GSI1 = {
  profiles: 'PROFILES',
  searchHistory: 'HISTORY#*',
  kycVerifications: 'KYC_VERIFICATIONS',
  parentTransactions: 'PARENT_TX#*',
  allTransactions: 'TRANSACTIONS',
  /** Transactions not final yet (sparse; the reconciler's candidates). */
  openTransactions: 'OPEN_TRANSACTIONS',
  openDisputes: 'DISPUTES#open',
  /** A tutor's payouts, newest first (payouts/entities.ts). */
  tutorPayouts: 'TUTOR_PAYOUTS#*',
  /** Sparse: payout destinations whose holder's name an admin must check. */
  destinationsInReview: 'PAYOUT_DESTINATIONS#review',
  /** A parent's conversations, most recently active first (messages/entities.ts). */
  parentConversations: 'CONVS#*',
  /** Message reports per status, newest first (messages/report-entities.ts). */
  messageReports: 'MSG_REPORTS#*',
  /** A user's open WebSocket connections (messages/connections.ts). */
  userSockets: 'SOCKETS#*',
  /** A parent's packages, newest first (packages/entities.ts, issue 32). */
  parentPackages: 'PARENT_PKG#*',
  /** Every package, newest first: the admin's 'Forfaits'. */
  allPackages: 'PACKAGES',
} as const;

/** Partition keys of gsi2. */
export const GSI2 = {
  tutor: 'TUTOR#*',
  tutorTransactions: 'TUTOR_TX#*',
  /** Sparse: transactions while they need attention (payments/entities.ts). */
  attentionTransactions: 'TX_ATTENTION',
  /** Sparse: KYC submissions while pending (kyc/entities.ts). */
  pendingKyc: 'KYC_PENDING',
  /** Sparse: a user's notifications while unread (notifications/entities.ts). */
  unreadNotifications: 'NOTIF_UNREAD#*',
  /** Payouts by status, newest first (rewritten with each status change: payouts/entities.ts). */
  payoutsByStatus: 'PAYOUTS#*',
  /** A tutor's conversations, most recently active first (messages/entities.ts). */
  tutorConversations: 'CONVS#*',
  /** A tutor's packages, newest first (packages/entities.ts, issue 32). */
  tutorPackages: 'TUTOR_PKG#*',
} as const;

/** Partition keys of gsi3 (sparse: the published tutors, the search catalogue's source). */
export const GSI3 = {
  catalogue: 'CATALOGUE#*',
} as const;

/** The item actions of the table, by the name a row uses. */
export const TABLE_ACTIONS = {
  get: 'dynamodb:GetItem',
  batchGet: 'dynamodb:BatchGetItem',
  query: 'dynamodb:Query',
  /** PutItem, alone or inside TransactWriteItems (which has no action of its own). */
  put: 'dynamodb:PutItem',
  update: 'dynamodb:UpdateItem',
  delete: 'dynamodb:DeleteItem',
  batchWrite: 'dynamodb:BatchWriteItem',
  /** A ConditionCheck inside TransactWriteItems. */
  check: 'dynamodb:ConditionCheckItem',
} as const;

export type TableAction = keyof typeof TABLE_ACTIONS;
export type IndexName = 'gsi1' | 'gsi2' | 'gsi3';

export type TableRights = {
  /** Partition key patterns each action may touch. */
  readonly [action in TableAction]?: readonly string[];
} & {
  /** Query on an index: patterns of the index's partition key. */
  readonly [index in IndexName]?: readonly string[];
} & {
  /** Scan of the whole table (no key, so no LeadingKeys condition can apply). */
  readonly scan?: true;
};

/** The attributes only a ledger line carries (payments/entities.ts, LedgerLineEntity). */
export const LEDGER_ATTRIBUTES = ['movement', 'account', 'debit', 'credit'] as const;

/**
 * On a bucket's objects: `read` GetObject (presigned GETs, HEADs), `write` PutObject (presigned
 * POSTs), `tag` PutObjectTagging and `readTags` GetObjectTagging (the retention tags of the KYC
 * bucket), `delete` DeleteObject (an account's files, deleted with it). On a bucket encrypted
 * with its own KMS key, `read` also grants kms:Decrypt and `write` kms:GenerateDataKey on that key
 * (infra/lib/uploads.ts); tags need no key.
 */
export type BucketAccess = 'read' | 'write' | 'tag' | 'readTags' | 'delete';
export type WorkflowAction = 'StartExecution' | 'StopExecution' | 'SendTaskSuccess' | 'DescribeExecution';
export type PayoutWorkflowAction = 'StartExecution' | 'DescribeExecution';

export interface Permissions {
  readonly table?: TableRights;
  /**
   * Writes ledger lines (money movements). They live in the transaction's partition, so a
   * LeadingKeys condition cannot keep other writers of `TX#` items away from them: those get a
   * Deny on requests naming a ledger attribute, and no DeleteItem or BatchWriteItem on `TX#`.
   */
  readonly ledger?: true;
  /** The escrow state machine. */
  readonly workflow?: readonly WorkflowAction[];
  readonly paystackSecret?: true;
  /** The payouts state machine (infra/lib/payouts.ts): one execution per payout attempt. */
  readonly payoutWorkflow?: readonly PayoutWorkflowAction[];
  /**
   * The payout providers' credentials (CinetPay Transfer, Wave) and their addresses: sends, reads a
   * payout's status back, reads the float.
   */
  readonly payoutProviders?: true;
  /**
   * The stage's WhatsApp Cloud API credentials (Secrets Manager, infra/lib/whatsapp.ts, issue 34):
   * sends WhatsApp messages — a notification's template, a verification code, a reply.
   */
  readonly whatsappSecret?: true;
  readonly buckets?: {
    readonly kyc?: readonly BucketAccess[];
    readonly tutorImages?: readonly BucketAccess[];
    /** The tutor-images bucket's profile photos only (keys `<owner>/profile_photo_…`): the originals the resizer reads. */
    readonly profilePhotos?: readonly BucketAccess[];
    /** The profile photos' variants (the photos bucket, under `photos/`). */
    readonly photoVariants?: readonly BucketAccess[];
    /**
     * Layout 1's variants only (`photos/<owner>/profile_photo_…/…`, shared/src/photos.ts): what the
     * photos' migration deletes once it made them again — never an object of the current layout.
     */
    readonly legacyPhotoVariants?: readonly BucketAccess[];
    /** The search catalogue (the journal and the prepared bases, under `catalogue/`). */
    readonly catalogue?: readonly BucketAccess[];
    /**
     * The site bucket's pre-rendered pages (functions/src/pages/page-keys.ts: tutor and town ×
     * subject pages, sitemap.xml, robots.txt) and the deployed index.html they are made from (read).
     */
    readonly sitePages?: readonly BucketAccess[];
  };
  /** Converse on the stage's model (when the stage enables Bedrock). */
  readonly bedrock?: true;
  /**
   * On its own user pool only. `AdminGetUser`: the admin's second-factor check (commons/second-factor.ts),
   * which every handler of a route admitting admins runs (with a read of the caller's profile, `USER#`).
   */
  readonly cognito?: readonly ('AdminAddUserToGroup' | 'AdminDeleteUser' | 'AdminGetUser')[];
  /** Reads the table's stream (event source mapping) and sends the batches that keep failing to its dead-letter queue. */
  readonly tableStream?: true;
  /** SES v2 `SendEmail` from the stage's sender identity (infra/lib/notifications.ts). */
  readonly email?: true;
  /**
   * One-time schedules in the reminders' group only (and passing their scheduler role), all invoking
   * the notifier: the lessons' reminders, the unread messages' e-mails (issue 31), the packages'
   * renewal notices (issue 32).
   */
  readonly reminderSchedules?: readonly ('CreateSchedule' | 'DeleteSchedule')[];
  /**
   * Sends to the WebSocket API's connections (issue 31): `execute-api:ManageConnections` on its
   * stage's `@connections` only (PostToConnection, and DeleteConnection/GetConnection on the same
   * resource), with the management endpoint in REALTIME_MANAGEMENT_ENDPOINT (infra/lib/realtime.ts).
   */
  readonly manageConnections?: true;
}

const {
  user: USER,
  transaction: TX,
  kyc: KYC,
  paystackEvent: PAYSTACK_EVENT,
  counters: COUNTERS,
  slots: SLOTS,
  lessonStats: LESSON_STATS,
  wallet: WALLET,
  payout: PAYOUT,
  conversation: CONV,
  messaging: MESSAGING,
  messageReport: MSG_REPORT,
  socketConnection: WSCONN,
  package: PACKAGE,
  guaranteeClaims: GUARANTEE,
  whatsappPhone: WAPHONE,
  whatsappMessage: WAMSG,
} = PARTITIONS;

/**
 * Reading one transaction and changing its status (escrow/transitions.ts): the item, its index
 * row, ledger lines, history, the admin's counters the change moves, and the tutor's wallet a
 * release or a compensation credits in the same transaction (issue 30).
 */
const TRANSITION = { get: [TX], put: [TX], update: [TX, COUNTERS, WALLET] } as const;
/**
 * Settling a payout (payouts/settle.ts, each outcome one conditional transaction): the payout, its
 * ledger lines (put once each), the tutor's wallet and destination (`failed` after a failure).
 */
const SETTLE = { get: [PAYOUT], put: [PAYOUT], update: [PAYOUT, WALLET] } as const;
/**
 * The transitions that free a lesson's slots (`freeSlots`: the payment failed or expired, the
 * refund done) delete its holds in the same transaction: the rows of the handlers that take them.
 */
const FREES_SLOTS = [SLOTS] as const;

/**
 * What the admin's second-factor check needs (commons/second-factor.ts): the caller's profile
 * and Cognito's MFA settings. Every handler of a route admitting admins runs it
 * (`requiresAdminSecondFactor`; tests/infra/permissions.test.ts checks the rows).
 */
const SECOND_FACTOR_CHECK = ['AdminGetUser'] as const;

// Every handler of a signed-in route reads its caller's profile before anything else (`get` on
// `USER#`): the account still exists (commons/live-account.ts, `requiresLiveAccount`); the rows
// of those handlers all hold it, and tests/infra/permissions.test.ts checks that they do.

export const PERMISSIONS: Readonly<Record<string, Permissions>> = {
  // Accounts
  'auth/pre-sign-up': {},
  'auth/custom-message': {},
  'auth/post-confirmation': { table: { put: [USER], update: [COUNTERS] }, cognito: ['AdminAddUserToGroup'] },
  'auth/get-me': { table: { get: [USER] } },
  'auth/update-me': { table: { get: [USER], update: [USER] }, cognito: SECOND_FACTOR_CHECK },
  'auth/admin-mfa-status': { table: { get: [USER] }, cognito: SECOND_FACTOR_CHECK },
  'auth/admin-mfa-enrol': { table: { get: [USER], update: [USER] }, cognito: SECOND_FACTOR_CHECK },
  'http/not-found': {},
  // My data (law 2013-450): the export reads the user's partition, its KYC submissions (the admin
  // list, filtered on the owner), its transactions as parent and as tutor with their history and
  // dispute, and signs links to its documents and images; its conversations (gsi1 as a parent, gsi2
  // as a tutor) with their messages (CONV#) and its messaging standing (MESSAGING#, issue 31).
  'account/export-my-data': {
    table: {
      get: [USER, MESSAGING],
      query: [USER, TX, CONV],
      gsi1: [GSI1.kycVerifications, GSI1.parentTransactions, GSI1.parentConversations],
      gsi2: [GSI2.tutorTransactions, GSI2.tutorConversations],
      batchGet: [TX],
    },
    buckets: { kyc: ['read'], tutorImages: ['read'] },
    // An admin exports too, after the second factor (fail closed: the route admits admins).
    cognito: SECOND_FACTOR_CHECK,
  },
  // The deletion reads the same, takes its name out of the other side's notifications (USER#),
  // anonymises the kept transactions (never a ledger line: the Deny applies), deletes the KYC
  // submissions and the user's items with the counters they hold, then whatever is left of its
  // partition, tags and deletes the files, and deletes the Cognito user last. Issue 31: its
  // conversations (gsi1/gsi2) lose its name and its messages' text (CONV#), the reports that name it
  // (the reports' lists, gsi1) its name, and its messaging items (MESSAGING#) are deleted.
  'account/delete-me': {
    table: {
      query: [USER, CONV, MESSAGING],
      gsi1: [GSI1.kycVerifications, GSI1.parentTransactions, GSI1.parentConversations, GSI1.messageReports],
      gsi2: [GSI2.tutorTransactions, GSI2.tutorConversations],
      batchGet: [TX],
      update: [TX, COUNTERS, USER, CONV, MSG_REPORT],
      delete: [USER, KYC],
      batchWrite: [USER, MESSAGING],
    },
    buckets: { kyc: ['tag', 'delete'], tutorImages: ['delete'], photoVariants: ['delete'] },
    cognito: ['AdminDeleteUser'],
  },

  // Onboarding, tutor profiles, uploads, KYC
  'onboarding/get-parent-preferences': { table: { get: [USER] } },
  'onboarding/save-parent-preferences': { table: { get: [USER], put: [USER] } },
  'onboarding/get-organisation': { table: { get: [USER] } },
  'onboarding/save-organisation': { table: { get: [USER], put: [USER] } },
  'tutors/get-my-profile': { table: { get: [USER] }, buckets: { tutorImages: ['read'] } },
  // Checks (HEAD) whether a newly named photo's variants are already made (photos/variants.ts).
  'tutors/save-my-profile': { table: { get: [USER], put: [USER], update: [USER] }, buckets: { tutorImages: ['read'], photoVariants: ['read'] } },
  // The profile, its account, the tutor's lesson figures (cancellation rate, no-shows) and its
  // response figures (MESSAGING#: messages/response-stats.ts).
  'tutors/get-tutor': { table: { get: [USER, LESSON_STATS, MESSAGING], gsi2: [GSI2.tutor] }, buckets: { tutorImages: ['read'] } },
  // The profile by its id (gsi2) and nothing else of the tutor: no account, no image.
  'tutors/get-slots': { table: { get: [USER], gsi2: [GSI2.tutor], query: [SLOTS] } },
  'uploads/create-upload': { table: { get: [USER] }, buckets: { kyc: ['write'], tutorImages: ['write'] } },
  // An uploaded profile photo → its WebP variants and JPEG share image, and its tutor profile marked when it
  // names that photo. The migration to the current layout (photos/backfill.ts, invoked by the deploy) also
  // lists the published tutor profiles (gsi3) and deletes the old layout's variants of the photos it remade.
  'photos/resize-photo': {
    table: { update: [USER], gsi3: [GSI3.catalogue] },
    buckets: { profilePhotos: ['read'], photoVariants: ['write'], legacyPhotoVariants: ['delete'] },
  },
  'uploads/get-file-url': { table: { get: [USER] }, buckets: { kyc: ['read'], tutorImages: ['read'] }, cognito: SECOND_FACTOR_CHECK },
  'kyc/get-mine': { table: { get: [USER, KYC] }, buckets: { kyc: ['read'] } },
  // Reads the documents' retention tags: a rejected document cannot be submitted again.
  'kyc/submit': { table: { get: [USER, KYC], put: [USER, KYC], update: [COUNTERS] }, buckets: { kyc: ['read', 'readTags'] } },
  'kyc/admin-list': {
    table: { get: [USER], gsi1: [GSI1.kycVerifications], gsi2: [GSI2.pendingKyc] },
    buckets: { kyc: ['read'] },
    cognito: SECOND_FACTOR_CHECK,
  },
  // The review moves the pending-KYC counter, and the verified-tutors one when a tutor becomes verified.
  // A rejection tags the submission's documents for the retention rule (KYC_RETENTION).
  'kyc/admin-review': { table: { get: [KYC, USER], update: [USER, KYC, COUNTERS] }, buckets: { kyc: ['tag'] }, cognito: SECOND_FACTOR_CHECK },

  // Discovery
  // A parent's search is recorded in their history in the same call (history/history.ts).
  'search/search-tutors': { table: { put: [USER], get: [USER] }, buckets: { catalogue: ['read'], tutorImages: ['read'] } },
  // The changed tutors (USER#), a rebuild from the published tutors' index (gsi3), and old bases deleted.
  'search/index-catalogue': {
    table: { get: [USER], gsi3: [GSI3.catalogue] },
    tableStream: true,
    buckets: { catalogue: ['read', 'write', 'delete'], sitePages: ['read', 'write', 'delete'] },
  },
  'favorites/list-favorites': { table: { query: [USER], get: [USER] }, buckets: { tutorImages: ['read'] } },
  'favorites/add-favorite': { table: { get: [USER], gsi2: [GSI2.tutor], put: [USER] } },
  'favorites/remove-favorite': { table: { get: [USER], delete: [USER] } },
  'history/list-history': { table: { get: [USER], gsi1: [GSI1.searchHistory] } },
  'history/record-search': { table: { put: [USER], get: [USER] } },
  'history/clear-history': { table: { get: [USER], query: [USER], batchWrite: [USER] } },
  'recommendations/recommend-tutors': {
    // put: the model's answer kept a day for the same question (recommendations/entities.ts).
    // Issue 32: the parent's lessons (list and transactions) say whether to suggest a package.
    table: { gsi1: [GSI1.searchHistory, GSI1.parentTransactions], batchGet: [TX], query: [USER], get: [USER], put: [USER] },
    buckets: { catalogue: ['read'], tutorImages: ['read'] },
    bedrock: true,
  },

  // Notifications (issue 15): each user's own items (USER#), the unread ones by the sparse gsi2.
  // The notifier reads the stream's images, the recipients' profiles and preferences, writes each
  // notification once and marks its e-mail; schedules the lesson reminders; a reminder re-reads its
  // transaction (still on?) before telling; an unread message's schedule re-reads its conversation
  // (read meanwhile?) before telling (issue 31).
  'notifications/notify': {
    // The notification is put on condition that its account still exists (a ConditionCheck of the profile).
    // Issue 32: a package becoming active schedules its renewal notice; the notice re-reads the
    // package (still active, not renewed?) and stamps `renewal_notified_at` once (PACKAGE#).
    // Issue 34: the recipient's WhatsApp channel (USER#), the message sent put with its wamid (WAMSG#)
    // in the transaction that marks the notification's `whatsapp_state`; then a status the webhook got
    // before that item (WAMSG#<wamid>/EARLY, read) settled on the item (update) with its e-mail
    // instead or the channel stopped (USER#).
    table: { get: [TX, USER, CONV, PACKAGE, WAMSG], put: [USER, WAMSG], update: [USER, PACKAGE, WAMSG], check: [USER] },
    tableStream: true,
    email: true,
    whatsappSecret: true,
    reminderSchedules: ['CreateSchedule', 'DeleteSchedule'],
  },
  // The API (one function for its five routes): the caller's notifications, the unread ones, its preferences.
  // Issue 34: WhatsApp can be chosen on a stage that has it (the secret's name) with a verified channel (USER#).
  'notifications/api': { table: { get: [USER], put: [USER], update: [USER], query: [USER], gsi2: [GSI2.unreadNotifications] }, whatsappSecret: true },
  // The caller's WhatsApp channel (issue 34): its item (USER#), the number's claim (WAPHONE#: read,
  // put in the verification's transaction, deleted with the channel), the code's message (WAMSG#),
  // the WhatsApp preference (USER#); the code sent with the stage's WhatsApp credentials.
  'whatsapp/channel': { table: { get: [USER, WAPHONE], put: [USER, WAPHONE, WAMSG], update: [USER], delete: [USER, WAPHONE] }, whatsappSecret: true },

  // Money. The escrow and webhook paths move money (ledger); the others change a transaction without.
  'payments/initialize': {
    // The parent's and the tutor's profiles, the booking (transaction + index row) with the slots it
    // holds (after reading those held), its attempt counter; a booking that cannot start fails (slots freed).
    // Issue 32: 'Premier cours' — the parent's list and its transactions, read for an earlier paid lesson with the tutor.
    table: { get: [USER, TX], gsi1: [GSI1.parentTransactions], batchGet: [TX], gsi2: [GSI2.tutor], query: [SLOTS], put: [TX, SLOTS], update: [TX], delete: FREES_SLOTS },
    workflow: ['StartExecution', 'SendTaskSuccess'],
    paystackSecret: true,
  },
  // Issue 32: a `kalan-pkg-` reference confirms the package's lessons and the package (PACKAGE#, packages/payment.ts).
  'payments/webhook': {
    table: { get: [TX, PAYSTACK_EVENT, PACKAGE], put: [TX, PAYSTACK_EVENT], update: [TX, COUNTERS, PACKAGE], delete: FREES_SLOTS },
    ledger: true,
    workflow: ['SendTaskSuccess'],
    paystackSecret: true,
  },
  // Meta's WhatsApp webhook (issue 34). A status: the message (WAMSG#), and for a failure the
  // e-mail fallback (its notification and the recipient's profile, USER#; SES). A button: the number's
  // claim (WAPHONE#), its channel and the sender's profile (USER#), then the lesson's action as
  // lessons/act answers it (accept or decline only: the transition, a decline's freed slots, the
  // tutor's figures). 'STOP': the channel (USER#).
  'whatsapp/webhook': {
    // A status before its message's item is parked (WAMSG#<wamid>/EARLY, put) for the sender; a
    // message received is marked once (WAMSG#<wamid>/IN, put; deleted if its handling failed).
    table: {
      ...TRANSITION,
      get: [TX, USER, WAPHONE, WAMSG],
      put: [...TRANSITION.put, WAMSG],
      update: [TX, COUNTERS, LESSON_STATS, WALLET, USER, WAMSG],
      delete: [...FREES_SLOTS, WAMSG],
    },
    ledger: true,
    workflow: ['SendTaskSuccess'],
    email: true,
  },
  'payments/verify-payment': {
    table: { ...TRANSITION, get: [TX, USER, PACKAGE], update: [...TRANSITION.update, PACKAGE], delete: FREES_SLOTS },
    ledger: true,
    workflow: ['SendTaskSuccess'],
    paystackSecret: true,
    cognito: SECOND_FACTOR_CHECK,
  },
  // An admin's refund frees the lesson's slots; one upholding a reported no-show counts it on the tutor.
  'escrow/decide': {
    table: { ...TRANSITION, get: [TX, USER], delete: FREES_SLOTS, update: [TX, COUNTERS, LESSON_STATS, WALLET] },
    ledger: true,
    workflow: ['SendTaskSuccess'],
    cognito: SECOND_FACTOR_CHECK,
  },
  // Lessons (issue 15): the caller's list (their rows, then the transactions), and the lesson's
  // transitions — a decline or a cancellation frees its slots, an acceptance or a tutor's
  // cancellation moves the tutor's figures, a late cancellation writes the compensation lines.
  'lessons/list-mine': { table: { get: [USER], gsi1: [GSI1.parentTransactions], gsi2: [GSI2.tutorTransactions], batchGet: [TX] } },
  'lessons/act': {
    table: { ...TRANSITION, get: [TX, USER], delete: FREES_SLOTS, update: [TX, COUNTERS, LESSON_STATS, WALLET] },
    ledger: true,
    workflow: ['SendTaskSuccess'],
  },
  // Issue 32: a package lesson's payment check confirms the whole package (PACKAGE#).
  'escrow/tasks': {
    table: { ...TRANSITION, get: [TX, PACKAGE], update: [...TRANSITION.update, PACKAGE], delete: FREES_SLOTS },
    ledger: true,
    workflow: ['SendTaskSuccess'],
    paystackSecret: true,
  },
  // The reconciler: open transactions (sparse index + BatchGet), the workflow's and Paystack's repairs
  // (transitions, the needs_attention path, a new attempt), its lease on a transaction (put, delete).
  'escrow/reconcile': {
    table: { gsi1: [GSI1.openTransactions], batchGet: [TX], ...TRANSITION, get: [TX, PACKAGE], update: [...TRANSITION.update, PACKAGE], delete: [TX, ...FREES_SLOTS] },
    ledger: true,
    workflow: ['StartExecution', 'DescribeExecution', 'SendTaskSuccess'],
    paystackSecret: true,
  },
  'admin/retry-transaction': {
    table: { ...TRANSITION, get: [TX, USER], delete: FREES_SLOTS },
    ledger: true,
    workflow: ['StartExecution', 'StopExecution', 'SendTaskSuccess'],
    paystackSecret: true,
    cognito: SECOND_FACTOR_CHECK,
  },
  // Rating writes the course's rating and, for a low one, the dispute (no money moves).
  'transactions/rate': { table: { ...TRANSITION, get: [TX, USER] }, workflow: ['SendTaskSuccess'] },
  // The list's rows (gsi1), then the transactions by id.
  'transactions/list-mine': { table: { get: [USER], gsi1: [GSI1.parentTransactions], batchGet: [TX] } },
  'transactions/invoice': { table: { get: [TX, USER] }, cognito: SECOND_FACTOR_CHECK },
  'transactions/earnings': { table: { get: [USER], gsi2: [GSI2.tutorTransactions], batchGet: [TX] } },

  // Admin views
  // The counters; a table never counted is recounted once by a Scan, which also backfills the
  // sparse index attributes of pending KYC submissions and transactions needing attention.
  // Each also reads its caller's profile and Cognito's MFA settings: the second-factor check.
  'admin/stats': { table: { get: [USER], query: [COUNTERS], scan: true, update: [COUNTERS, KYC, TX], check: [TX] }, cognito: SECOND_FACTOR_CHECK },
  'admin/transactions': {
    table: { get: [USER], gsi1: [GSI1.allTransactions], gsi2: [GSI2.attentionTransactions], batchGet: [TX] },
    cognito: SECOND_FACTOR_CHECK,
  },
  'admin/users': { table: { get: [USER], gsi1: [GSI1.profiles] }, cognito: SECOND_FACTOR_CHECK },
  'admin/disputes': { table: { get: [USER], gsi1: [GSI1.openDisputes], batchGet: [TX] }, cognito: SECOND_FACTOR_CHECK },
  'admin/close-dispute': { table: { get: [TX, USER], check: [TX], update: [TX, COUNTERS] }, cognito: SECOND_FACTOR_CHECK },

  // Payouts (issue 30). Payout ledger lines live in the payout's partition (PAYOUT#): only these
  // rows write it, so the LeadingKeys condition alone keeps every other function away from them.
  // The tutor's own wallet, destination and payouts: the wallet and the destination (WALLET#), the
  // held share of their transactions (gsi2 + BatchGet), the code (put, its tries counted, deleted
  // with the change, e-mailed through SES), the change told to the tutor (a notification put once
  // under its profile's ConditionCheck, its e-mail marked: USER#), the withdrawal (wallet update,
  // destination ConditionCheck, payout and ledger puts), then the workflow started.
  'payouts/wallet-api': {
    table: {
      gsi1: [GSI1.tutorPayouts],
      gsi2: [GSI2.tutorTransactions],
      batchGet: [TX],
      // WAMSG#: the destination change's notification on WhatsApp too (issue 34), and a status that
      // came before its item read and settled (whatsapp/statuses.ts).
      get: [USER, WALLET, PAYOUT, WAMSG],
      put: [WALLET, PAYOUT, USER, WAMSG],
      // PAYOUT#: the workflow's attempt counted on the payout before its execution starts (payouts/workflow.ts).
      update: [WALLET, PAYOUT, USER, WAMSG],
      delete: [WALLET],
      check: [WALLET, USER],
    },
    ledger: true,
    payoutWorkflow: ['StartExecution'],
    email: true,
    whatsappSecret: true,
  },
  // CinetPay's notification is a hint: the payout is read, its status read back from CinetPay, then settled.
  'payouts/cinetpay-notify': { table: SETTLE, ledger: true, payoutProviders: true },
  // The workflow's tasks: send, check, flag (needs_attention) — each reads the payout and settles it.
  'payouts/tasks': { table: SETTLE, ledger: true, payoutProviders: true },
  // The reconciler: the payouts left requested, sent or needing attention (gsi2 by status), re-read
  // from their provider and settled; a requested one without a live execution gets one.
  'payouts/reconcile': { table: { ...SETTLE, gsi2: [GSI2.payoutsByStatus] }, ledger: true, payoutProviders: true, payoutWorkflow: ['StartExecution', 'DescribeExecution'] },
  // The console: payouts by status (gsi2) with their counts, the float (providers' balances), the
  // retry (settle, or the payout put back to requested with a corrected destination, and a new
  // execution), the cancel (settle), the destinations in review (gsi1) and their decision.
  'payouts/admin-api': {
    table: { ...SETTLE, get: [USER, PAYOUT, WALLET], gsi1: [GSI1.destinationsInReview], gsi2: [GSI2.payoutsByStatus] },
    ledger: true,
    payoutProviders: true,
    payoutWorkflow: ['StartExecution'],
    cognito: SECOND_FACTOR_CHECK,
  },
  // Messages (issue 31). The API: the caller's conversations (CONV#: the conversation, its
  // messages and message ids, put and updated in one transaction per message), its lists (gsi1 for
  // a parent, gsi2 for a tutor, `CONVS#`), the tutors' photos (BatchGet of USER#), a tutor by its id
  // (gsi2 TUTOR#), a lesson by id and the parent's lessons (gsi1 PARENT_TX# + BatchGet: is the pair
  // paid?), the messaging state, rate counters and response figures (MESSAGING#).
  'messages/api': {
    table: {
      get: [USER, TX, CONV, MESSAGING],
      batchGet: [USER, TX],
      query: [CONV],
      gsi1: [GSI1.parentConversations, GSI1.parentTransactions, GSI1.userSockets],
      gsi2: [GSI2.tutorConversations, GSI2.tutor],
      put: [CONV],
      update: [CONV, MESSAGING],
      // The pushes: the participants' connections (gsi1 SOCKETS#), a gone one deleted (realtime-push.ts).
      delete: [WSCONN],
    },
    // An unread run's e-mail: a one-time schedule invoking the notifier (messages/unread-email.ts).
    reminderSchedules: ['CreateSchedule'],
    manageConnections: true,
  },

  // Reports of messages (issue 31, safety). A participant's report reads the conversation, the
  // message by its id and the messages before it (CONV#), then puts the report with its marker in
  // the conversation's partition. The admin's queue (gsi1 by status) with each author's standing
  // (MESSAGING#); the decision closes the report, moves the author's count (and suspension), hides
  // the message and the conversation's last text, and a warning tells the author (a notification
  // put once under its profile's ConditionCheck, its e-mail sent and marked: USER#).
  'messages/reports-api': {
    table: {
      get: [USER, CONV, MESSAGING, MSG_REPORT, WAMSG],
      query: [CONV],
      // A hidden message is pushed to both participants' sockets (gsi1 SOCKETS#, a gone one deleted).
      gsi1: [GSI1.messageReports, GSI1.userSockets],
      // WAMSG#: the warning's notification on WhatsApp too (issue 34), and a status that came before
      // its item read and settled (whatsapp/statuses.ts).
      put: [CONV, MSG_REPORT, USER, WAMSG],
      update: [MSG_REPORT, MESSAGING, CONV, USER, WAMSG],
      check: [USER],
      delete: [WSCONN],
    },
    email: true,
    whatsappSecret: true,
    cognito: SECOND_FACTOR_CHECK,
    manageConnections: true,
  },

  // Real time (issue 31). The socket function stores and deletes its connections (a ping's pong
  // meeting a gone connection deletes it too) and answers the ping through the management API.
  'messages/socket': { table: { put: [WSCONN], delete: [WSCONN] }, manageConnections: true },
  // The $connect authorizer: the caller's account must still exist (its profile, as requiresLiveAccount).
  'messages/socket-authorizer': { table: { get: [USER] } },

  // Packages (issue 32). Booking: the parent's and the tutor's profiles (the tutor by its id, gsi2),
  // the slots held over the package's weeks (SLOTS# query), ONE transaction putting the package, its
  // index row and every hold, then the lessons (TX#: transaction, lists, index and open rows), their
  // workflows, Paystack; a booking that cannot start fails each lesson (expire_payment frees its
  // slots), deletes the holds of a lesson never written and marks the package failed.
  'packages/book': {
    table: { get: [USER, TX], gsi2: [GSI2.tutor], query: [SLOTS], put: [PACKAGE, TX, SLOTS], update: [TX, PACKAGE], delete: FREES_SLOTS },
    workflow: ['StartExecution', 'SendTaskSuccess'],
    paystackSecret: true,
  },
  // The API: the caller's packages (gsi1 a parent's, gsi2 a tutor's, the package items themselves),
  // one package and its lessons (BatchGet), the admin's pages (gsi1 PACKAGES, BatchGet of packages
  // and lessons); the tutor's answer takes accept/decline on each lesson (a decline refunds and
  // frees its slots, an acceptance moves the tutor's figures) and stamps the package.
  'packages/api': {
    table: {
      ...TRANSITION,
      get: [USER, TX, PACKAGE],
      gsi1: [GSI1.parentPackages, GSI1.allPackages],
      gsi2: [GSI2.tutorPackages],
      batchGet: [TX, PACKAGE],
      update: [TX, COUNTERS, LESSON_STATS, WALLET, PACKAGE],
      delete: FREES_SLOTS,
    },
    ledger: true,
    workflow: ['SendTaskSuccess'],
    cognito: SECOND_FACTOR_CHECK,
  },
  // 'Renouveler': the package, the tutor (gsi2) and its held slots, then a booking as packages/book's,
  // the renewed package marked in the same transaction.
  'packages/renewal': {
    table: { get: [USER, TX, PACKAGE], gsi2: [GSI2.tutor], query: [SLOTS], put: [PACKAGE, TX, SLOTS], update: [TX, PACKAGE], delete: FREES_SLOTS },
    workflow: ['StartExecution', 'SendTaskSuccess'],
    paystackSecret: true,
  },
  // Stopping a package (its lessons cancelled under the policy, credits refunded: transitions), the
  // tutor's discount (its profile, USER#), moving a package lesson off a day off (its holds moved in
  // one transaction on its status).
  'packages/changes': {
    table: {
      ...TRANSITION,
      get: [USER, TX, PACKAGE],
      gsi2: [GSI2.tutor],
      batchGet: [TX],
      query: [SLOTS],
      put: [TX, SLOTS],
      update: [TX, COUNTERS, LESSON_STATS, WALLET, PACKAGE, USER],
      delete: FREES_SLOTS,
    },
    ledger: true,
    workflow: ['SendTaskSuccess'],
  },
  // Credits: the parent's lessons kept as credits (gsi1 + BatchGet); spending one writes, in one
  // transaction, the credit's transition and its transfer lines, the new lesson (TX#: transaction,
  // lists, index, open rows, payment lines), its holds, the package's lesson list; then its workflow.
  'packages/credits': {
    table: {
      ...TRANSITION,
      get: [USER, TX, PACKAGE],
      gsi1: [GSI1.parentTransactions],
      gsi2: [GSI2.tutor],
      batchGet: [TX],
      query: [SLOTS],
      put: [TX, SLOTS],
      update: [TX, COUNTERS, WALLET, PACKAGE],
      delete: FREES_SLOTS,
    },
    ledger: true,
    workflow: ['StartExecution', 'SendTaskSuccess'],
  },
  // The trial guarantee: the parent's claims of the year (GUARANTEE#), and the claim — the lesson's
  // transition with its guarantee lines and the tutor's wallet, and the year's count, in one transaction.
  'packages/guarantee': {
    table: { ...TRANSITION, get: [USER, TX, GUARANTEE], put: [TX, GUARANTEE], update: [TX, COUNTERS, WALLET, GUARANTEE], delete: FREES_SLOTS },
    ledger: true,
    workflow: ['SendTaskSuccess'],
  },
};

/** The row of a handler module; throws (fail closed) when it has none. */
export function permissionsOf(handlerModule: string): Permissions {
  const row = Object.hasOwn(PERMISSIONS, handlerModule) ? PERMISSIONS[handlerModule] : undefined;
  if (!row) {
    throw new Error(
      `No permissions declared for handler module '${handlerModule}': add its row to infra/lib/permissions.ts ` +
        '(what its code reads and writes, on which partitions; workflow, buckets, secrets) before deploying it.',
    );
  }
  checkLedgerRule(handlerModule, row);
  return row;
}

/** Writes TX# items, so may reach ledger lines unless denied. */
export function writesTransactions(row: Permissions): boolean {
  const { put, update, delete: del, batchWrite } = row.table ?? {};
  return [put, update, del, batchWrite].some((patterns) => patterns?.includes(TX));
}

/** DeleteItem and BatchWriteItem carry no attribute names, so the ledger Deny cannot see them. */
function checkLedgerRule(handlerModule: string, row: Permissions): void {
  if (row.ledger) return;
  const { delete: del, batchWrite } = row.table ?? {};
  if (del?.includes(TX) || batchWrite?.includes(TX)) {
    throw new Error(`${handlerModule}: only ledger writers may delete or batch-write TX# items (infra/lib/permissions.ts).`);
  }
}
