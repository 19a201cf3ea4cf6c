/**
 * Settings of the embedded local stack. Everything can be moved with environment variables so
 * that the test suite runs its own stack (other ports, throw-away data) beside `npm start`.
 */
import path from 'node:path';
import { PUBLIC_API_RATE_LIMIT } from '#shared/visitors';

const root = path.resolve(import.meta.dirname, '../..');

function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} invalide : ${process.env[name]}`);
  return value;
}

export const localConfig = {
  root,
  dataDir: path.resolve(root, process.env.KALAN_DATA_DIR ?? '.local'),
  /** Tests keep DynamoDB in memory; `npm start` persists under .local/. */
  inMemory: process.env.KALAN_IN_MEMORY === 'true',
  /**
   * Where the app, Cognito and S3 listen: the loopback unless told otherwise (KALAN_HOST=0.0.0.0
   * to reach the stack from a phone on the same network). The Lambda endpoint of the Cognito
   * triggers always stays on the loopback (lambda-endpoint.ts).
   */
  host: process.env.KALAN_HOST ?? '127.0.0.1',
  ports: {
    app: positiveInteger('KALAN_PORT', 3000),
    dynamodb: positiveInteger('KALAN_DYNAMODB_PORT', 8000),
    cognito: positiveInteger('KALAN_COGNITO_PORT', 9229),
    s3: positiveInteger('KALAN_S3_PORT', 4569),
    vite: positiveInteger('KALAN_VITE_PORT', 5173),
    sfn: positiveInteger('KALAN_SFN_PORT', 8083),
    paystack: positiveInteger('KALAN_PAYSTACK_PORT', 8084),
    /** The Lambda Invoke API of the Cognito triggers: never the app's port (anyone could become admin). */
    lambda: positiveInteger('KALAN_LAMBDA_PORT', 8085),
    /** The local mailbox's page and JSON API (mailbox.ts): loopback only, like the Lambda endpoint. */
    mailbox: positiveInteger('KALAN_MAILBOX_PORT', 8087),
    /** EventBridge Scheduler's one-time schedules (scheduler.ts): the lesson reminders. */
    scheduler: positiveInteger('KALAN_SCHEDULER_PORT', 8088),
    /** The payout providers' doubles (payouts-sandbox.ts): CinetPay Transfer under /cinetpay, Wave under /wave. */
    payouts: positiveInteger('KALAN_PAYOUTS_PORT', 8086),
  },
  region: 'eu-west-1',
  stage: 'local',
  tableName: 'kalan-local',
  buckets: {
    kycDocuments: 'kalan-kyc-documents',
    tutorImages: 'kalan-tutor-images',
    /** The profile photos' resized variants, served by the router under /photos/ as CloudFront serves them. */
    tutorPhotos: 'kalan-tutor-photos',
    searchCatalogue: 'kalan-search-catalogue',
    /**
     * The site bucket as the deploy leaves it in the cloud: the build's index.html (copied at
     * start, site.ts) and the pages the indexer publishes, which the router serves at their paths.
     */
    site: 'kalan-site',
  },
  /**
   * Requests per address to the visitors' API (`/api/public/`) in five minutes, as the cloud's WAF
   * counts them; KALAN_PUBLIC_API_RATE_LIMIT moves it (a test's own stack, a load test).
   */
  publicApiRateLimit: positiveInteger('KALAN_PUBLIC_API_RATE_LIMIT', PUBLIC_API_RATE_LIMIT.requests),
  /** KALAN_WEB_DIST lets parallel work trees build the SPA elsewhere. */
  webDist: path.resolve(root, process.env.KALAN_WEB_DIST ?? 'web/dist'),
} as const;

/** The settings' shape (literal types widened), so tests can run the stack's parts with others. */
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : { readonly [K in keyof T]: Widen<T[K]> };
export type LocalConfig = Widen<typeof localConfig>;

/** Internal endpoints use the IPv4 loopback explicitly (localhost may resolve to ::1 first). */
export function url(portNumber: number): string {
  return `http://127.0.0.1:${portNumber}`;
}

/**
 * The standard AWS SDK variables that point the production handler code at the emulators.
 * Set before any handler module is imported.
 */
export function awsEnvironment(config: LocalConfig = localConfig): Record<string, string> {
  return {
    AWS_REGION: config.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: url(config.ports.dynamodb),
    AWS_ENDPOINT_URL_S3: url(config.ports.s3),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: url(config.ports.cognito),
    AWS_ENDPOINT_URL_LAMBDA: url(config.ports.lambda),
    // The WebSocket API's management API (PostToConnection): the loopback Lambda endpoint answers it for the router's `/ws` sockets (realtime.ts).
    REALTIME_MANAGEMENT_ENDPOINT: url(config.ports.lambda),
    TABLE_NAME: config.tableName,
    KYC_BUCKET: config.buckets.kycDocuments,
    TUTOR_IMAGES_BUCKET: config.buckets.tutorImages,
    TUTOR_PHOTOS_BUCKET: config.buckets.tutorPhotos,
    SEARCH_BUCKET: config.buckets.searchCatalogue,
    SITE_BUCKET: config.buckets.site,
    // Escrow (Step Functions, local runner) and payments (Paystack sandbox); the sandbox's secret key
    // is generated per data directory and set by stack.ts, never written here.
    AWS_ENDPOINT_URL_SFN: url(config.ports.sfn),
    ESCROW_STATE_MACHINE_ARN: `arn:aws:states:${config.region}:000000000000:stateMachine:kalan-local-escrow`,
    // Payouts (issue 30): their workflow on the same local runner.
    PAYOUT_STATE_MACHINE_ARN: `arn:aws:states:${config.region}:000000000000:stateMachine:kalan-local-payouts`,
    // The doubles settle a transfer within seconds: check every 2 s (the cloud's default, 60 s, would make a local withdrawal crawl).
    PAYOUT_CHECK_SECONDS: process.env.PAYOUT_CHECK_SECONDS ?? '2',
    PAYSTACK_BASE_URL: url(config.ports.paystack),
    // Payouts (issue 30): the providers' doubles; their credentials, like Paystack's key, are set by payments.ts.
    CINETPAY_BASE_URL: `${url(config.ports.payouts)}/cinetpay`,
    WAVE_BASE_URL: `${url(config.ports.payouts)}/wave`,
    // WhatsApp (issue 34): the Cloud API double, served by the mailbox's server under /whatsapp (its
    // conversations page beside the e-mails; no port more, so the test stacks' port blocks stay as
    // they are); its credentials (token, app secret, verify token, phone number id), like Paystack's
    // key, are generated per data directory and set by the stack.
    WHATSAPP_GRAPH_URL: `${url(config.ports.mailbox)}/whatsapp`,
    SITE_URL: publicUrl(config.ports.app),
    // Notifications: e-mails through SES v2 into the local mailbox, reminders on the local scheduler.
    AWS_ENDPOINT_URL_SESV2: url(config.ports.mailbox),
    NOTIFICATIONS_FROM_EMAIL: 'Kalan <notifications@kalan.local>',
    AWS_ENDPOINT_URL_SCHEDULER: url(config.ports.scheduler),
    REMINDER_SCHEDULE_GROUP: 'kalan-local-lesson-reminders',
    REMINDER_SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/kalan-local-lesson-reminders',
    // The unread messages' e-mails (issue 31): the messages API schedules the notifier by its ARN (the local runtime's name for it).
    NOTIFIER_FUNCTION_ARN: `arn:aws:lambda:${config.region}:000000000000:function:notifications-notify`,
    POWERTOOLS_SERVICE_NAME: 'kalan',
    // Lambda runs Node 22; this machine's Node 20 would only get a deprecation notice.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  };
}

/** The address printed for people and used by the browser. */
export function publicUrl(portNumber: number): string {
  return `http://localhost:${portNumber}`;
}

/** Names under which the local Lambda endpoint knows the trigger handlers. */
export const localFunctionNames = {
  preSignUp: 'kalan-local-pre-sign-up',
  postConfirmation: 'kalan-local-post-confirmation',
  customMessage: 'kalan-local-custom-message',
} as const;

/** Where the local stack's e-mails land, one JSON file each (mailbox.ts; cognito-local writes there too). */
export function mailboxDir(config: LocalConfig = localConfig): string {
  return path.join(config.dataDir, 'mailbox');
}
