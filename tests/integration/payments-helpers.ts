/**
 * Helpers for the money tests: booking through the API, paying on the Paystack sandbox, reading the
 * ledger. They talk to the shared test stack unless given another (`target`, as in support/stack.ts).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { executionArnOf } from '../../functions/src/escrow/workflow.js';
import { awsEnvironment, localConfig } from '../../infra/local/config.js';
import { seedTutors } from '../../infra/local/seed/tutors.js';
import type { StackInfo } from '../support/stack-info.js';
import { api, stack } from '../support/stack.js';

export const paystackUrl = (target = stack()) => `http://127.0.0.1:${target.ports.paystack}`;

/** A completed seeded tutor with a rate: what a parent books. */
export function seededTutor(index = 0): { id: string; userId: string; hourlyRate: number; subject: string; level: string } {
  const tutors = seedTutors().filter((t) => t.tutorProfile.is_completed && t.tutorProfile.hourly_rate > 0);
  const tutor = tutors[index % tutors.length]!;
  return {
    id: tutor.tutorProfile.id,
    userId: tutor.profile.user_id,
    hourlyRate: tutor.tutorProfile.hourly_rate,
    subject: tutor.tutorProfile.subjects[0]!,
    level: tutor.tutorProfile.levels[0]!,
  };
}

export async function book(
  token: string,
  overrides: Record<string, unknown> = {},
  tutor = seededTutor(),
  target = stack(),
): Promise<{ status: number; body: any }> {
  return api(
    '/api/payments',
    {
      method: 'POST',
      token,
      body: { tutorId: tutor.id, duration: 2, subject: tutor.subject, level: tutor.level, paymentMethod: 'card', ...overrides },
    },
    target,
  );
}

/** Books and returns the transaction id and the sandbox checkout URL. */
export async function bookOk(token: string, overrides: Record<string, unknown> = {}, tutor = seededTutor(), target = stack()) {
  const response = await book(token, overrides, tutor, target);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { id: response.body.transaction_id as string, url: response.body.authorization_url as string, reference: `kalan-${response.body.transaction_id}` };
}

/** Clicks 'Payer' on the sandbox checkout page (which sends the signed webhook first). */
export async function payOnCheckout(checkoutUrl: string): Promise<void> {
  const target = checkoutUrl.replace('http://localhost', 'http://127.0.0.1');
  const response = await fetch(`${target}/pay`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
}

export async function sandboxControl(reference: string, body: Record<string, unknown>, target = stack()): Promise<any> {
  const response = await fetch(`${paystackUrl(target)}/__sandbox/transactions/${encodeURIComponent(reference)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

export function paystackSecret(target = stack()): string {
  return readFileSync(path.join(target.dataDir, 'paystack-secret-key'), 'utf8').trim();
}

export function sign(body: string, secret = paystackSecret()): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

export async function postWebhook(body: string, signature?: string, target = stack()): Promise<{ status: number; body: any }> {
  return api(
    '/api/webhooks/paystack',
    { method: 'POST', body, headers: signature === undefined ? {} : { 'x-paystack-signature': signature } },
    target,
  );
}

/** The webhook body Paystack sends once the sandbox transaction is paid. */
export async function chargeSuccessBody(reference: string, target = stack()): Promise<string> {
  const data = await sandboxControl(reference, { markPaid: true }, target);
  return JSON.stringify({ event: 'charge.success', data: { ...data, amount: data.amount } });
}

/** One client per DynamoDB Local (the shared stack's, or a stack a test started itself). */
const documentClients = new Map<number, DynamoDBDocumentClient>();

export function db(target: StackInfo = stack()): DynamoDBDocumentClient {
  const port = target.ports.dynamodb;
  let client = documentClients.get(port);
  if (!client) {
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    );
    documentClients.set(port, client);
  }
  return client;
}

/** Every item of the transaction's partition: the transaction, its index row, ledger lines, dispute. */
export async function partition(transactionId: string, target = stack()): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db(target).send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `TX#${transactionId}` },
      ConsistentRead: true,
    }),
  );
  return Items;
}

export async function ledgerOf(transactionId: string, target = stack()) {
  return (await partition(transactionId, target)).filter((item) => String(item.sk).startsWith('LEDGER#'));
}

/** The record the webhook keeps of a processed Paystack event, or undefined. */
export async function paystackEvent(eventKey: string): Promise<Record<string, any> | undefined> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `PAYSTACK_EVENT#${eventKey}` },
      ConsistentRead: true,
    }),
  );
  return Items[0];
}

/** The webhook's idempotency key of a Paystack event body: `<event>#<Paystack transaction id>`. */
export function eventKeyOf(body: string): string {
  const { event, data } = JSON.parse(body) as { event: string; data: { id?: number | string; reference?: string } };
  return `${event}#${data.id ?? data.reference}`;
}

export async function statusOf(transactionId: string, target = stack()): Promise<string | undefined> {
  return (await partition(transactionId, target)).find((item) => item.sk === 'TRANSACTION')?.status as string | undefined;
}

export function expectBalanced(lines: Array<Record<string, any>>): void {
  const sum = (key: 'debit' | 'credit') => lines.reduce((total, line) => total + Number(line[key]), 0);
  expect(sum('debit')).toBe(sum('credit'));
  const movements = new Set(lines.map((line) => line.movement as string));
  for (const movement of movements) {
    const of = lines.filter((line) => line.movement === movement);
    expect(of.reduce((t, l) => t + Number(l.debit) - Number(l.credit), 0), movement).toBe(0);
  }
}

export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/**
 * The transaction item, with the task token of the workflow's wait in its status (`TOKEN#<status>`),
 * if recorded, and the ARN of its current execution (named after the attempt it counts).
 */
export async function transactionWithToken(transactionId: string, target = stack()): Promise<Record<string, any> | undefined> {
  const items = await partition(transactionId, target);
  const tx = items.find((item) => item.sk === 'TRANSACTION');
  if (!tx) return undefined;
  const token = items.find((item) => item.sk === `TOKEN#${tx.status}`);
  process.env.ESCROW_STATE_MACHINE_ARN ??= awsEnvironment(localConfig).ESCROW_STATE_MACHINE_ARN;
  const execution = executionArnOf(transactionId, tx.workflow_attempt);
  return { ...tx, ...(token ? { task_token: token.task_token, task_status: token.task_status } : {}), ...(execution ? { execution_arn: execution } : {}) };
}

/**
 * Waits until the escrow workflow waits in `status` with the task token of that wait recorded
 * (`TOKEN#<status>`) — a STATE, not a delay. The workflow records it shortly after each status
 * change; from then on only a caller changes the transaction's partition, so
 * a snapshot taken after this is stable. Fails, naming what it saw, after `timeoutMs`.
 */
export async function workflowWaitingIn(
  transactionId: string,
  status: string,
  timeoutMs = 30_000,
  target = stack(),
): Promise<Record<string, any>> {
  const transaction = await eventually(
    () => transactionWithToken(transactionId, target),
    (tx) => tx?.status === status && tx.task_status === status && typeof tx.task_token === 'string',
    timeoutMs,
  );
  expect(transaction, `la transaction ${transactionId} devrait attendre en ${status} avec son jeton`).toMatchObject({ status, task_status: status });
  expect(transaction!.task_token).toEqual(expect.any(String));
  return transaction!;
}

export function adminAccount() {
  return stack().accounts.find((account) => account.role === 'admin')!;
}

/** Moves a lesson into the past, as time would: it started `hoursAgo` hours ago. */
export async function lessonStartedHoursAgo(id: string, hoursAgo: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: 'kalan-local',
      Key: { pk: `TX#${id}`, sk: 'TRANSACTION' },
      UpdateExpression: 'SET #course.#date = :date',
      ExpressionAttributeNames: { '#course': 'course', '#date': 'scheduled_date' },
      ExpressionAttributeValues: { ':date': new Date(Date.now() - hoursAgo * 3_600_000).toISOString() },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/**
 * Takes a test tutor out of the search catalogue again (is_completed = false), so tests that
 * count the seeded catalogue on the shared stack are not disturbed for long.
 */
export async function withdrawTutorProfile(userId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: 'kalan-local',
      Key: { pk: `USER#${userId}`, sk: 'TUTOR_PROFILE' },
      UpdateExpression: 'SET is_completed = :false',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':false': false },
    }),
  );
}

/** A transaction as the admin's list shows it, found page after page (newest first). */
export async function adminTransactionView(id: string, token: string, target = stack()): Promise<Record<string, any> | undefined> {
  let cursor: string | null = null;
  do {
    const page: { body: { transactions: Array<Record<string, any>>; next_cursor: string | null } } = await api(
      `/api/admin/transactions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
      target,
    );
    const found = page.body.transactions.find((tx) => tx.id === id);
    if (found) return found;
    cursor = page.body.next_cursor;
  } while (cursor);
  return undefined;
}

/** POSTs JSON to the app on `appPort` with a bearer token (tests that run a stack of their own). */
export async function postAs(appPort: number, pathname: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`http://127.0.0.1:${appPort}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
