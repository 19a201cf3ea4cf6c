/**
 * What the `rules` tests do to the product: create people and tutors, call the API handlers as
 * API Gateway would (after its JWT authorizer), deliver Paystack webhooks signed like Paystack,
 * and read the table directly (never through the code under test) to check the outcome.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { executionArnOf } from '../../functions/src/escrow/workflow.js';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { WEEK_DAYS, type Role } from '#shared/constants';
import { buildPath, routes, type RouteId } from '#shared/routes';
import { ProfileEntity, TutorProfileEntity } from '#commons/db';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { config, paystackSecret } from './engines.js';

export interface Person {
  userId: string;
  role: Role;
  email: string;
}

export interface Tutor extends Person {
  tutorId: string;
  hourlyRate: number;
}

export async function newPerson(role: Role): Promise<Person> {
  const userId = randomUUID();
  const email = `${role}-${userId.slice(0, 8)}@exemple.ci`;
  // An admin has enrolled its second factor (TOTP) before the sessions `call` opens.
  const mfa = role === 'admin' ? { mfa_enrolled_at: new Date(Date.now() - 60_000).toISOString() } : {};
  await ProfileEntity.build(PutItemCommand).item({ user_id: userId, first_name: 'Awa', last_name: 'Koné', email, role, ...mfa }).send();
  return { userId, role, email };
}

/** Every day 08:00–21:00: the weekly hours of a tutor whose slots a test books. */
export const EVERY_DAY = WEEK_DAYS.map((day) => ({ day, available: true, slots: [{ start: '08:00', end: '21:00' }] }));

export async function newTutor(hourlyRate = 5000, week: typeof EVERY_DAY = []): Promise<Tutor> {
  const person = await newPerson('tuteur');
  const tutorId = randomUUID();
  await TutorProfileEntity.build(PutItemCommand)
    .item({
      user_id: person.userId,
      id: tutorId,
      subjects: ['Mathématiques'],
      levels: ['Collège'],
      location: 'cocody',
      hourly_rate: hourlyRate,
      is_completed: true,
      availability_schedule: week,
    })
    .send();
  return { ...person, tutorId, hourlyRate };
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface CallResult {
  status: number;
  body: any;
}

function parse(result: APIGatewayProxyStructuredResultV2): CallResult {
  return { status: result.statusCode ?? 200, body: result.body ? JSON.parse(result.body) : undefined };
}

/** Calls a route's handler as API Gateway does once its JWT authorizer accepted `caller`. */
export async function call(routeId: RouteId, caller: Person, options: CallOptions = {}): Promise<CallResult> {
  const route = routes[routeId];
  const rawPath = buildPath(route.path, options.params);
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers: { 'content-type': 'application/json' },
    queryStringParameters: options.query,
    pathParameters: options.params,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'rules' },
      authorizer: {
        jwt: {
          // A session begun now (`auth_time`), as the authorizer passes every claim: as a string.
          claims: { sub: caller.userId, username: caller.userId, email: caller.email, 'cognito:groups': `[${caller.role}]`, auth_time: String(Math.floor(Date.now() / 1000)) },
          scopes: [],
        },
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
    },
  };
  return parse((await invoke(route.handler, event)) as APIGatewayProxyStructuredResultV2);
}

export function sign(body: string, secret = paystackSecret): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** Posts a webhook body to the public webhook handler, as API Gateway passes it on (null: unsigned). */
export async function postWebhook(body: string, signature: string | null = sign(body)): Promise<CallResult> {
  const event: Partial<APIGatewayProxyEventV2> = {
    version: '2.0',
    rawPath: routes.paystackWebhook.path,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-paystack-signature': signature }) },
    body,
    isBase64Encoded: false,
  };
  return parse((await invoke(routes.paystackWebhook.handler, event)) as APIGatewayProxyStructuredResultV2);
}

// --- the Paystack sandbox ---------------------------------------------------------------------

export interface SandboxState {
  id: number;
  status: string;
  reference: string;
  amount: number;
  currency: string;
  refunds: number;
  refundRequests: Array<{ amount: number; currency: string }>;
}

/** Plays a part of Paystack (pay, a different amount or currency at verify, refund behaviour). */
export async function sandbox(reference: string, controls: Record<string, unknown> = {}): Promise<SandboxState> {
  const response = await fetch(`http://127.0.0.1:${config.ports.paystack}/__sandbox/transactions/${encodeURIComponent(reference)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(controls),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: SandboxState }).data;
}

/** The `charge.success` event Paystack sends once the payer paid (the sandbox marks it paid). */
export async function chargeSuccess(reference: string): Promise<string> {
  const data = await sandbox(reference, { markPaid: true });
  return JSON.stringify({ event: 'charge.success', data });
}

// --- booking and paying ---------------------------------------------------------------------

export interface Booking {
  id: string;
  reference: string;
}

export async function book(parent: Person, tutor: Tutor, overrides: Record<string, unknown> = {}): Promise<Booking> {
  const response = await call('initializePayment', parent, {
    body: { tutorId: tutor.tutorId, duration: 2, subject: 'Mathématiques', level: 'Collège', paymentMethod: 'card', ...overrides },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const id = response.body.transaction_id as string;
  return { id, reference: `kalan-${id}` };
}

/** Books, pays at the sandbox and delivers the webhook: the funds are held in escrow. */
export async function bookAndPay(parent: Person, tutor: Tutor, overrides: Record<string, unknown> = {}): Promise<Booking> {
  const booking = await book(parent, tutor, overrides);
  const response = await postWebhook(await chargeSuccess(booking.reference));
  expect(response.body?.outcome).toBe('escrowed');
  return booking;
}

// --- reading the table ------------------------------------------------------------------------

const db = DynamoDBDocumentClient.from(localDynamoClient(config));

/** A transaction's partition key, as the table stores it. */
export const txPartitionKey = (transactionId: string) => `TX#${transactionId}`;

export async function partition(transactionId: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': txPartitionKey(transactionId) },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/**
 * The transaction item, with the task token the workflow recorded for its wait in the current
 * status (the `TOKEN#<status>` item) as `task_token` / `task_status`, when there is one, and the
 * ARN of its current execution (named after the attempt it counts) as `execution_arn`.
 */
export async function transaction(transactionId: string): Promise<Record<string, any>> {
  const items = await partition(transactionId);
  const tx = items.find((item) => item.sk === 'TRANSACTION');
  if (!tx) throw new Error(`Transaction ${transactionId} introuvable`);
  const token = items.find((item) => item.sk === `TOKEN#${tx.status}`);
  const execution = executionArnOf(transactionId, tx.workflow_attempt);
  return { ...tx, ...(token ? { task_token: token.task_token, task_status: token.task_status } : {}), ...(execution ? { execution_arn: execution } : {}) };
}

export async function ledgerOf(transactionId: string): Promise<Array<Record<string, any>>> {
  return (await partition(transactionId)).filter((item) => String(item.sk).startsWith('LEDGER#'));
}

export async function disputeOf(transactionId: string): Promise<Record<string, any> | undefined> {
  return (await partition(transactionId)).find((item) => item.sk === 'DISPUTE');
}

// --- test-side writes (setting up a state), never through the code under test ------------------

const transactionKey = (transactionId: string) => ({ pk: txPartitionKey(transactionId), sk: 'TRANSACTION' });

export async function setOnTransaction(transactionId: string, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values);
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: transactionKey(transactionId),
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]])),
    }),
  );
}

export async function removeFromTransaction(transactionId: string, ...names: string[]): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: transactionKey(transactionId),
      UpdateExpression: `REMOVE ${names.map((_, i) => `#n${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
    }),
  );
}

/** The task token of the workflow's wait in `status`, as escrow/tasks.ts records it. */
export async function setWorkflowToken(transactionId: string, status: string, taskToken: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { pk: txPartitionKey(transactionId), sk: `TOKEN#${status}`, _et: 'workflowToken', transaction_id: transactionId, task_status: status, task_token: taskToken },
    }),
  );
}

/** No task token recorded for the workflow's wait in `status`. */
export async function removeWorkflowToken(transactionId: string, status: string): Promise<void> {
  await deleteInPartition(transactionId, `TOKEN#${status}`);
}

/** Deletes an item of a transaction's partition (`sk`: 'LISTS', 'TOKEN#…'). */
export async function deleteInPartition(transactionId: string, sk: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: config.tableName, Key: { pk: txPartitionKey(transactionId), sk } }));
}

/** Writes an item of a transaction's partition (`sk`: 'DISPUTE', 'LEDGER#…') as it is stored. */
export async function putInPartition(transactionId: string, sk: string, item: Record<string, unknown>): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: { pk: txPartitionKey(transactionId), sk, ...item } }));
}

/** Waits on state: polls until `accept` holds (or the test's own timeout ends it). */
export async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Toujours pas : ${what} (dernière valeur ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function untilStatus(transactionId: string, status: string, timeoutMs?: number): Promise<Record<string, any>> {
  return until(() => transaction(transactionId), (tx) => tx.status === status, `${transactionId} → ${status}`, timeoutMs);
}

/** The workflow waits in `status` (the task token of its wait in that status is recorded). */
export function untilWaiting(transactionId: string, status: string): Promise<Record<string, any>> {
  return until(
    () => transaction(transactionId),
    (tx) => tx.status === status && tx.task_status === status && typeof tx.task_token === 'string',
    `le workflow de ${transactionId} attend en ${status}`,
  );
}

/** Each movement balances (debits = credits), and so does the whole ledger. */
export function expectBalanced(lines: Array<Record<string, any>>): void {
  const perMovement = new Map<string, number>();
  for (const line of lines) {
    expect(Number.isSafeInteger(line.debit) && Number.isSafeInteger(line.credit), `${line.sk} en FCFA entiers`).toBe(true);
    perMovement.set(line.movement, (perMovement.get(line.movement) ?? 0) + line.debit - line.credit);
  }
  for (const [movement, sum] of perMovement) expect(sum, `mouvement ${movement} équilibré`).toBe(0);
}

export function withEnv<T>(values: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  return run().finally(() => apply(before));
}

// --- KYC and the Paystack audit trail --------------------------------------------------------

/** A 1×1 PNG: the smallest image the upload policy accepts. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Uploads a photo as the SPA does (a presigned POST to S3); returns its key. `send: false` only asks for the POST. */
export async function uploadKycPhoto(tutor: Person, purpose: 'kyc_cni' | 'kyc_selfie', send = true): Promise<string> {
  const presigned = await call('createUpload', tutor, { body: { purpose, content_type: 'image/png', size: PNG_1PX.length } });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
  if (send) {
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.body.fields as Record<string, string>)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'photo.png');
    const response = await fetch(presigned.body.url as string, { method: 'POST', body: form });
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(300);
  }
  return presigned.body.key as string;
}

/** An ID card and a selfie uploaded by `tutor`. */
export async function kycPhotos(tutor: Person): Promise<{ cni_image_key: string; selfie_image_key: string }> {
  const [cni_image_key, selfie_image_key] = await Promise.all([uploadKycPhoto(tutor, 'kyc_cni'), uploadKycPhoto(tutor, 'kyc_selfie')]);
  return { cni_image_key, selfie_image_key };
}

/** A KYC submission (201) of `tutor`, or of a new tutor. */
export async function submittedKyc(tutor?: Person) {
  const who = tutor ?? (await newPerson('tuteur'));
  const keys = await kycPhotos(who);
  const response = await call('submitKyc', who, { body: keys });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { tutor: who, keys, verification: response.body as Record<string, any> };
}

/** The audit record of a Paystack event, read straight from the table. */
export async function paystackEventRecord(eventKey: string): Promise<Record<string, any> | undefined> {
  const { Item } = await DynamoDBDocumentClient.from(localDynamoClient(config)).send(
    new GetCommand({ TableName: config.tableName, Key: { pk: `PAYSTACK_EVENT#${eventKey}`, sk: 'EVENT' }, ConsistentRead: true }),
  );
  return Item;
}
