/** Starts the embedded stack in this process (DynamoDB Local, cognito-local, s3rver, router). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { awsEnvironment, localConfig, publicUrl, url } from './config.js';
import { startCognito, type LocalUserPool } from './cognito.js';
import { startDynamoDb } from './dynamodb.js';
import { onStop } from './processes.js';
import { listenLambdaEndpoint } from './lambda-endpoint.js';
import { startMailbox } from './mailbox.js';
import { createRouter } from './router.js';
import { startS3 } from './s3.js';
import { createWhatsAppDouble, whatsAppDoubleJournal } from './whatsapp-double.js';

export interface RunningStack {
  appUrl: string;
  /** The local mailbox's page (codes of sign-up and password reset). */
  mailboxUrl: string;
  /** The WhatsApp Cloud API double's conversations page (whatsapp-double.ts, on the mailbox's server). */
  whatsappUrl: string;
  pool: LocalUserPool;
  accounts: Array<{ role: string; email: string; password: string }>;
  tutorsCreated: number;
}

export async function startStack(): Promise<RunningStack> {
  const config = localConfig;
  mkdirSync(config.dataDir, { recursive: true });
  // The handler modules read these when they are first imported, exactly as in a Lambda.
  Object.assign(process.env, awsEnvironment(config));

  // The Cognito triggers' endpoint first: cognito-local calls it on sign-up.
  const lambdaEndpoint = await listenLambdaEndpoint(config);
  onStop(() => new Promise<void>((resolve) => lambdaEndpoint.close(() => resolve())));
  // WhatsApp's credentials, like Paystack's key, per data directory: set before the mailbox, whose
  // server hosts the Cloud API double that checks the token and signs the webhooks with the secret.
  const { localWhatsAppCredentials } = await import('./whatsapp-credentials.js');
  Object.assign(process.env, localWhatsAppCredentials(config));
  // The mailbox before Cognito: the seed's sign-ups already send codes. The WhatsApp double on its
  // server reads the same credentials (whatsapp-credentials.ts).
  const whatsapp = createWhatsAppDouble({ config, journal: whatsAppDoubleJournal(config) });
  const mailbox = await startMailbox(config, undefined, whatsapp.handle);
  onStop(() => {
    whatsapp.stop();
    return mailbox.close();
  });
  const [, , pool] = await Promise.all([startDynamoDb(config), startS3(config), startCognito(config)]);
  // The account deletion deletes this pool's Cognito user; the admin's second factor asks it (CDK sets the same variable).
  process.env.USER_POOL_ID = pool.userPoolId;
  // The WebSocket authorizer checks the access token's app client (messages/socket-authorizer.ts; CDK sets the same variable).
  process.env.USER_POOL_CLIENT_ID = pool.userPoolClientId;
  const router = createRouter({ config, pool });
  await new Promise<void>((resolve, reject) => {
    router.once('error', reject);
    router.listen(config.ports.app, config.host, resolve);
  });
  onStop(() => new Promise<void>((resolve) => router.close(() => resolve())));
  // Payments: the Paystack sandbox and the escrow workflow's local Step Functions endpoint.
  const { startPayments } = await import('./payments.js');
  const payments = await startPayments(config);

  const { seed } = await import('./seed/index.js');
  const { accounts, tutorsCreated } = await seed(pool);
  // The catalogue snapshot is rebuilt from the seeded table, then kept in step by its stream.
  const { startNotifications, startSearchIndexing } = await import('./streams.js');
  await startSearchIndexing(config);
  // Notifications: the lesson reminders' scheduler, then the stream's second consumer.
  const { startScheduler } = await import('./scheduler-server.js');
  await startScheduler(config);
  await startNotifications(config);

  // Escrow workflows still in flight when the stack last stopped start again from the table.
  await payments.resumeInFlight();
  // Then, every 15 minutes (LOCAL_RECONCILE_INTERVAL_MS), the reconciler repairs what still disagrees.
  const { startReconcileTimer } = await import('./reconciler.js');
  startReconcileTimer();

  const stack: RunningStack = { appUrl: publicUrl(config.ports.app), mailboxUrl: mailbox.url, whatsappUrl: mailbox.whatsappUrl!, pool, accounts, tutorsCreated };
  // Tests and scripts (create-admin) find the running stack here.
  writeFileSync(
    path.join(config.dataDir, 'stack.json'),
    JSON.stringify({ ...stack, apiUrl: url(config.ports.app), cognitoUrl: url(config.ports.cognito), ports: config.ports }, null, 2),
  );
  return stack;
}
