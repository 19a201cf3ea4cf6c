/**
 * The table of who may do what (infra/lib/permissions.ts) against what the handlers really send to
 * DynamoDB Local. The local stack evaluates no IAM, so each request a handler makes is recorded
 * (a middleware on the shared document client, attributed to the handler by AsyncLocalStorage)
 * and checked the way its policy would: the action is in the handler's row, on a partition (or an
 * index partition) its row names; a ledger line is written only by a ledger writer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteId } from '#shared/routes';
import { eventHandlers, routes } from '#shared/routes';
import { documentClient } from '#commons/clients/dynamodb';
import { LEDGER_ATTRIBUTES, PERMISSIONS, TABLE_ACTIONS, type TableAction } from '../../infra/lib/permissions.js';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { createPayoutsSandbox, payoutsEnvironment } from '../../infra/local/payouts-sandbox.js';
import { seedPayout } from '../support/payouts-seed.js';
import { config } from './engines.js';
import {
  book,
  call,
  EVERY_DAY,
  chargeSuccess,
  newPerson,
  newTutor,
  postWebhook,
  sandbox,
  setOnTransaction,
  submittedKyc,
  untilStatus,
  untilWaiting,
  type CallOptions,
  type Person,
} from './harness.js';

interface Request {
  handlerModule: string;
  action: TableAction | 'scan';
  index?: string;
  partition: string;
  sk?: string;
  attributes: string[];
}

const running = new AsyncLocalStorage<string>();
const WORKFLOW_TASKS = eventHandlers.escrowTasks;
const requests: Request[] = [];

type Value = string | { S?: string } | undefined;
const text = (value: Value) => (typeof value === 'string' ? value : value?.S) ?? '';

/** The requests one DynamoDB call makes, in IAM's terms (one per item for batches and transactions). */
function requestsOf(command: string, input: Record<string, any>): Array<Omit<Request, 'handlerModule'>> {
  const item = (action: TableAction, key: Record<string, Value>, attributes: string[] = []) => ({
    action,
    partition: text(key.pk),
    sk: text(key.sk),
    attributes,
  });
  const updated = (input: Record<string, any>) => Object.values((input.ExpressionAttributeNames ?? {}) as Record<string, string>);
  switch (command.replace(/(Items?)?Command$/, '')) {
    case 'Get':
      return [item('get', input.Key)];
    case 'Put':
      return [item('put', input.Item, Object.keys(input.Item))];
    case 'Update':
      return [item('update', input.Key, updated(input))];
    case 'Delete':
      return [item('delete', input.Key)];
    case 'Scan':
      return [{ action: 'scan', partition: '', attributes: [] }];
    case 'Query': {
      // `#k = :k` on the (index) partition key: its value is the request's LeadingKeys.
      const names = input.ExpressionAttributeNames as Record<string, string>;
      const partitionKey = input.IndexName ? `${input.IndexName}pk` : 'pk';
      const name = Object.keys(names).find((n) => names[n] === partitionKey)!;
      const placeholder = new RegExp(`${name} = (:[\\w]+)`).exec(input.KeyConditionExpression)![1]!;
      return [{ action: 'query', index: input.IndexName, partition: text(input.ExpressionAttributeValues[placeholder]), attributes: [] }];
    }
    case 'BatchGet':
      return Object.values(input.RequestItems as Record<string, { Keys: Array<Record<string, Value>> }>).flatMap(({ Keys }) =>
        Keys.map((key) => item('batchGet', key)),
      );
    case 'BatchWrite':
      return Object.values(input.RequestItems as Record<string, Array<Record<string, any>>>).flatMap((writes) =>
        writes.map((w) => item('batchWrite', w.PutRequest?.Item ?? w.DeleteRequest.Key, Object.keys(w.PutRequest?.Item ?? {}))),
      );
    case 'TransactWrite':
      return (input.TransactItems as Array<Record<string, any>>).map((t) =>
        t.Put
          ? item('put', t.Put.Item, Object.keys(t.Put.Item))
          : t.Update
            ? item('update', t.Update.Key, updated(t.Update))
            : t.Delete
              ? item('delete', t.Delete.Key)
              : item('check', t.ConditionCheck.Key),
      );
    case 'TransactGet':
      return (input.TransactItems as Array<{ Get: { Key: Record<string, Value> } }>).map((t) => item('get', t.Get.Key));
    default:
      throw new Error(`DynamoDB call not understood by this test: ${command}`);
  }
}

const stringLike = (pattern: string, value: string) =>
  new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*').replaceAll('?', '.')}$`).test(value);

/** Why the handler's policy would refuse the request, or null. */
function refusal(request: Request): string | null {
  const row = PERMISSIONS[request.handlerModule];
  if (!row) return 'no row';
  const rights = row.table ?? {};
  if (request.action === 'scan') return rights.scan ? null : 'Scan';
  const patterns = request.index ? rights[request.index as 'gsi1' | 'gsi2'] : rights[request.action];
  const what = `${TABLE_ACTIONS[request.action]}${request.index ? ` on ${request.index}` : ''} ${request.partition}`;
  if (!patterns?.some((pattern) => stringLike(pattern, request.partition))) return what;
  const ledgerAttributes = request.attributes.filter((a) => (LEDGER_ATTRIBUTES as readonly string[]).includes(a));
  if (!row.ledger && (ledgerAttributes.length || request.sk?.startsWith('LEDGER#'))) return `${what}: a ledger line`;
  return null;
}

/** Runs `work` as `handlerModule`: the DynamoDB requests it makes are recorded as that handler's. */
const as = <T>(handlerModule: string, work: () => Promise<T>) => running.run(handlerModule, work);
const callAs = (routeId: RouteId, caller: Person, options?: CallOptions) => as(routes[routeId].handler, () => call(routeId, caller, options));

const recorder = 'kalanPermissionsRecorder';
beforeAll(() => {
  documentClient.middlewareStack.add(
    (next, context) => async (args) => {
      const handlerModule = running.getStore();
      for (const request of requestsOf(context.commandName ?? '', args.input as Record<string, any>)) {
        if (handlerModule) requests.push({ handlerModule, ...request });
        // The local runner invokes the workflow's tasks outside any handler's context; the test's
        // own set-up (people, tutors) writes users only.
        else if (/^(TX|PAYSTACK_EVENT|SLOTS)#/.test(request.partition)) requests.push({ handlerModule: WORKFLOW_TASKS, ...request });
      }
      return next(args);
    },
    { step: 'initialize', name: recorder, priority: 'low' },
  );
});
afterAll(() => {
  documentClient.middlewareStack.remove(recorder);
});

describe('the handlers, run against DynamoDB Local, stay within their rows of infra/lib/permissions.ts', () => {
  it('accounts, bookings, payments, escrow decisions, ratings, invoices, earnings and the admin views', async () => {
    const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(), newPerson('admin')]);
    expect((await callAs('getMe', parent)).status).toBe(200);
    expect((await callAs('updateMe', parent, { body: { first_name: 'Aya' } })).status).toBe(200);

    // Booked and paid (webhook), then released by the parent: payment and release ledger lines.
    const paid = await as('payments/initialize', () => book(parent, tutor));
    const webhook = await as('payments/webhook', async () => postWebhook(await chargeSuccess(paid.reference)));
    expect(webhook.body?.outcome).toBe('escrowed');
    await untilWaiting(paid.id, 'escrow');
    expect((await callAs('decideEscrow', parent, { params: { id: paid.id }, body: { action: 'release' } })).status).toBe(200);
    expect((await callAs('rateCourse', parent, { params: { id: paid.id }, body: { rating: 1, review: 'Absent' } })).status).toBe(200);
    expect((await callAs('adminDisputes', admin)).status).toBe(200);
    expect((await callAs('adminCloseDispute', admin, { params: { id: paid.id }, body: { adminNotes: 'Vu' } })).status).toBe(200);

    // Paid, then confirmed by the parent coming back ('Actualiser') instead of the webhook.
    const verified = await as('payments/initialize', () => book(parent, tutor));
    await chargeSuccess(verified.reference);
    expect((await callAs('verifyPayment', parent, { params: { id: verified.id } })).status).toBe(200);
    await untilStatus(verified.id, 'escrow');
    // A low rating on held funds: disputed, then refunded by an admin.
    await untilWaiting(verified.id, 'escrow');
    expect((await callAs('rateCourse', parent, { params: { id: verified.id }, body: { rating: 2 } })).status).toBe(200);
    expect((await callAs('decideEscrow', admin, { params: { id: verified.id }, body: { action: 'refund', adminNotes: 'Remboursé' } })).status).toBe(200);
    // The workflow's Refund task asks Paystack, then writes the refund's ledger lines.
    await untilStatus(verified.id, 'refunded');
    // Booked by slots, which the booking holds (after reading the held ones): paid, the lesson waits
    // for its tutor, who accepts it (their figures move); the parent lists it, then cancels it, which
    // frees the slot (and, within 24 h of the start, writes the tutor's compensation).
    const slotTutor = await newTutor(5000, EVERY_DAY);
    const [slot] = (await callAs('getTutorSlots', parent, { params: { id: slotTutor.tutorId } })).body.slots as Array<{ start: string }>;
    const held = await as('payments/initialize', () => book(parent, slotTutor, { duration: 1, slots: [slot!.start] }));
    expect((await as('payments/webhook', async () => postWebhook(await chargeSuccess(held.reference)))).body?.outcome).toBe('escrowed');
    await untilWaiting(held.id, 'requested');
    expect((await callAs('lessonAction', slotTutor, { params: { id: held.id }, body: { action: 'accept' } })).status).toBe(200);
    expect((await callAs('listMyLessons', parent)).status).toBe(200);
    expect((await callAs('lessonAction', parent, { params: { id: held.id }, body: { action: 'cancel' } })).status).toBe(200);
    await untilStatus(held.id, 'refunded');
    // Booked by slots, refused at Paystack: the parent coming back fails it and frees its slot.
    const [next] = (await callAs('getTutorSlots', parent, { params: { id: slotTutor.tutorId } })).body.slots as Array<{ start: string }>;
    const declined = await as('payments/initialize', () => book(parent, slotTutor, { duration: 1, slots: [next!.start] }));
    await untilWaiting(declined.id, 'pending');
    await sandbox(declined.reference, { verifyStatus: 'failed' });
    expect((await callAs('verifyPayment', parent, { params: { id: declined.id } })).body.status).toBe('failed');

    // A transaction that needs attention, retried by an admin once Paystack answers again.
    const stuck = await as('payments/initialize', () => book(parent, tutor));
    await sandbox(stuck.reference, {});
    await setOnTransaction(stuck.id, { status: 'needs_attention', attention: { state: 'Load', status: 'pending', error: 'Test', cause: 'Test', attempt: 1, at: new Date().toISOString() } });
    expect((await callAs('adminRetryTransaction', admin, { params: { id: stuck.id } })).status).toBe(200);

    expect((await callAs('getInvoice', parent, { params: { id: paid.id } })).status).toBe(200);
    expect((await callAs('listMyTransactions', parent)).status).toBe(200);
    expect((await callAs('tutorEarnings', tutor, { query: { period: 'month' } })).status).toBe(200);
    for (const routeId of ['adminStats', 'adminTransactions', 'adminUsers'] as const) expect((await callAs(routeId, admin)).status).toBe(200);

    const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
    expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
    // The slots held and freed: put by the booking, deleted by the cancellation and the failure.
    const onSlots = requests.filter((r) => r.partition.startsWith('SLOTS#')).map((r) => `${r.handlerModule} ${r.action}`);
    expect(new Set(onSlots)).toEqual(
      new Set(['tutors/get-slots query', 'payments/initialize query', 'payments/initialize put', 'lessons/act delete', 'payments/verify-payment delete']),
    );
    // The tutor's lesson figures: moved by the acceptance, in its transaction.
    const onStats = requests.filter((r) => r.partition.startsWith('LESSON_STATS#')).map((r) => `${r.handlerModule} ${r.action}`);
    expect(new Set(onStats)).toEqual(new Set(['lessons/act update']));
    // The recorder saw each of them, ledger lines included (written by the webhook and the release).
    const seen = new Set(requests.map((r) => r.handlerModule));
    for (const handlerModule of [WORKFLOW_TASKS, 'payments/initialize', 'payments/webhook', 'escrow/decide', 'transactions/rate', 'admin/close-dispute', 'payments/verify-payment', 'admin/retry-transaction', 'admin/stats', 'lessons/act', 'lessons/list-mine']) {
      expect(seen, handlerModule).toContain(handlerModule);
    }
    expect(requests.filter((r) => r.sk?.startsWith('LEDGER#')).map((r) => r.handlerModule)).toEqual(
      expect.arrayContaining(['payments/webhook', 'escrow/decide', 'payments/verify-payment', WORKFLOW_TASKS]),
    );
  });

  it('onboarding, tutor profiles, favourites, search history, recommendations and KYC', async () => {
    const [parent, tutor, company, admin] = await Promise.all([newPerson('parent'), newTutor(), newPerson('entreprise'), newPerson('admin')]);
    const expectOk = async (routeId: RouteId, caller: Person, options?: CallOptions) => {
      const response = await callAs(routeId, caller, options);
      expect(response.status, `${routeId} ${JSON.stringify(response.body)}`).toBeLessThan(300);
      return response;
    };
    await expectOk('saveParentPreferences', parent, { body: { children: [{ first_name: 'Awa', age: 9, level: 'primaire' }], zone: 'cocody' } });
    await expectOk('getParentPreferences', parent);
    await expectOk('saveOrganisation', company, {
      body: { name: 'Centre Cocody', type: 'center', description: 'Soutien scolaire.', address: 'Cocody', phone: '07 08 09 10 11', tutor_count: '1-5' },
    });
    await expectOk('getOrganisation', company);
    await expectOk('saveMyTutorProfile', tutor, {
      body: {
        bio: 'Professeur de mathématiques.',
        education: 'Master de mathématiques',
        experience: '5-10ans',
        subjects: ['Mathématiques'],
        levels: ['Lycée (2nde-Tle)'],
        location: 'cocody',
        hourly_rate: 4000,
        availability_schedule: [{ day: 'Lundi', available: true, slots: [{ start: '16:00', end: '18:00' }] }],
        profile_image_key: null,
        diploma_image_keys: [],
      },
    });
    await expectOk('getMyTutorProfile', tutor);
    await expectOk('getTutorProfile', parent, { params: { id: tutor.tutorId } });
    await expectOk('getTutorSlots', parent, { params: { id: tutor.tutorId } });
    await expectOk('addFavorite', parent, { body: { tutor_id: tutor.tutorId } });
    await expectOk('listFavorites', parent);
    await expectOk('removeFavorite', parent, { params: { tutorId: tutor.tutorId } });
    const search = { id: randomUUID(), filters: { query: 'maths', subject: 'Mathématiques' }, results_count: 3 };
    await expectOk('recordSearch', parent, { body: search });
    await expectOk('recordSearch', parent, { body: search });
    await expectOk('listSearchHistory', parent);
    await expectOk('clearSearchHistory', parent);
    await expectOk('recommendTutors', parent, { body: { subject: 'Mathématiques' } });

    const { verification } = await as('kyc/submit', () => submittedKyc(tutor));
    await expectOk('getMyKyc', tutor);
    await expectOk('listKycVerifications', admin);
    await expectOk('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'approve' } });

    const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
    expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
    const seen = new Set(requests.map((r) => r.handlerModule));
    for (const routeId of ['saveMyTutorProfile', 'getTutorProfile', 'getTutorSlots', 'clearSearchHistory', 'recommendTutors', 'reviewKyc', 'submitKyc'] as const) {
      expect(seen, routeId).toContain(routes[routeId].handler);
    }
  });

  it("my data: the export and the account deletion (a parent with a released lesson, a tutor with a KYC submission)", async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    expect((await callAs('addFavorite', parent, { body: { tutor_id: tutor.tutorId } })).status).toBe(201);
    expect((await callAs('recordSearch', parent, { body: { id: randomUUID(), filters: { query: 'maths' }, results_count: 1 } })).status).toBeLessThan(300);
    const paid = await as('payments/initialize', () => book(parent, tutor));
    await as('payments/webhook', async () => postWebhook(await chargeSuccess(paid.reference)));
    await untilWaiting(paid.id, 'escrow');
    expect((await callAs('decideEscrow', parent, { params: { id: paid.id }, body: { action: 'release' } })).status).toBe(200);
    await untilStatus(paid.id, 'released');
    await as('kyc/submit', () => submittedKyc(tutor));

    for (const person of [parent, tutor]) expect((await callAs('exportMyData', person)).status).toBe(200);
    // No Cognito here: the harness's Cognito double (the admin's second factor) also answers the
    // deletion's last step (AdminDeleteUser), after every table request was made.
    for (const person of [parent, tutor]) expect((await callAs('deleteMe', person)).status).toBe(204);

    const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
    expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
    const of = (handlerModule: string) => requests.filter((r) => r.handlerModule === handlerModule);
    // The deletion anonymised the lesson (an update of TX#), deleted the KYC submission and the profiles with their counters.
    expect(of('account/delete-me').filter((r) => r.action === 'update' && r.partition === `TX#${paid.id}`)).not.toEqual([]);
    expect(of('account/delete-me').some((r) => r.action === 'delete' && r.partition.startsWith('KYC#'))).toBe(true);
    expect(of('account/delete-me').filter((r) => r.action === 'delete' && r.sk === 'PROFILE').map((r) => r.partition).sort()).toEqual(
      [`USER#${parent.userId}`, `USER#${tutor.userId}`].sort(),
    );
    expect(of('account/export-my-data').some((r) => r.action === 'query' && r.partition === `TX#${paid.id}`)).toBe(true);
  });

  it("the payouts (issue 30): the tutor's wallet, the admin's console and CinetPay's notification", async () => {
    const sandbox = createPayoutsSandbox({ ...config, inMemory: true });
    const port = await new Promise<number>((resolve) => sandbox.server.listen(0, '127.0.0.1', () => resolve((sandbox.server.address() as net.AddressInfo).port)));
    Object.assign(process.env, payoutsEnvironment({ ...config, ports: { ...config.ports, payouts: port } }, sandbox.credentials));
    try {
      const [tutor, admin] = await Promise.all([newTutor(), newPerson('admin')]);
      expect((await callAs('getWallet', tutor)).status).toBe(200);
      expect((await callAs('listMyPayouts', tutor)).status).toBe(200);
      const wrongCode = { operator: 'orange', phone: '0701020304', holder_name: 'Awa Koné', code: '000000' };
      expect((await callAs('setPayoutDestination', tutor, { body: wrongCode })).status).toBe(400);
      expect((await callAs('requestWithdrawal', tutor, { body: { amount: 5_000, request_id: randomUUID() } })).status).toBe(409);

      // Two payouts needing attention that CinetPay never received: one retried, one cancelled.
      const payout = async () =>
        (await seedPayout({ tutorUserId: tutor.userId, status: 'needs_attention', phone: '+2250701020304' })).id;
      expect((await callAs('adminPayouts', admin)).status).toBe(200);
      expect((await callAs('adminPayoutFloat', admin)).status).toBe(200);
      expect((await callAs('adminPayoutDestinations', admin)).status).toBe(200);
      const retried = await payout();
      expect((await callAs('adminRetryPayout', admin, { params: { id: retried }, body: { note: 'Relance', operator: 'mtn', phone: '0501020304' } })).status).toBe(200);
      const cancelled = await payout();
      expect((await callAs('adminCancelPayout', admin, { params: { id: cancelled }, body: { note: 'Annulé' } })).status).toBe(200);
      expect((await callAs('adminReviewPayoutDestination', admin, { params: { tutorId: tutor.userId }, body: { decision: 'approve', note: 'Vérifié' } })).status).toBe(404);
      const notified = await as(routes.cinetpayTransferNotification.handler, () =>
        invoke(routes.cinetpayTransferNotification.handler, {
          version: '2.0',
          routeKey: `POST ${routes.cinetpayTransferNotification.path}`,
          rawPath: routes.cinetpayTransferNotification.path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `client_transaction_id=${retried}`,
          isBase64Encoded: false,
          requestContext: { requestId: randomUUID(), http: { method: 'POST' } },
        }),
      );
      expect((notified as { statusCode: number }).statusCode).toBe(200);

      const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
      expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
      const of = (handlerModule: string) => requests.filter((r) => r.handlerModule === handlerModule);
      // The cancel wrote the payout's compensating ledger lines; the retry counted a workflow attempt.
      expect(of('payouts/admin-api').some((r) => r.action === 'put' && r.partition === `PAYOUT#${cancelled}` && r.sk?.startsWith('LEDGER#payout_returned'))).toBe(true);
      expect(of('payouts/admin-api').some((r) => r.action === 'update' && r.partition === `PAYOUT#${retried}`)).toBe(true);
      expect(of('payouts/cinetpay-notify').some((r) => r.action === 'get' && r.partition === `PAYOUT#${retried}`)).toBe(true);
    } finally {
      sandbox.stop();
      sandbox.server.closeAllConnections();
      await new Promise((resolve) => sandbox.server.close(resolve));
    }
  });

  it('the messages (issue 31): conversations opened, listed, written, read, unlocked by a paid lesson', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const expectOk = async (routeId: RouteId, caller: Person, options?: CallOptions) => {
      const response = await callAs(routeId, caller, options);
      expect(response.status, `${routeId} ${JSON.stringify(response.body)}`).toBeLessThan(300);
      return response;
    };
    const { body: opened } = await expectOk('startConversation', parent, { body: { tutor_id: tutor.tutorId } });
    const id = opened.id as string;
    await expectOk('sendMessage', parent, { params: { id }, body: { request_id: randomUUID(), body: 'Appelez-moi au 07 07 12 34 56' } });
    await expectOk('sendMessage', tutor, { params: { id }, body: { request_id: randomUUID(), body: 'Bonjour !' } });
    for (const person of [parent, tutor]) {
      await expectOk('listConversations', person);
      await expectOk('getConversationMessages', person, { params: { id } });
      await expectOk('markConversationRead', person, { params: { id }, body: { read_seq: 2 } });
    }
    // A paid lesson: the tutor finds the conversation again from it; the next message is not masked.
    const paid = await as('payments/initialize', () => book(parent, tutor));
    await as('payments/webhook', async () => postWebhook(await chargeSuccess(paid.reference)));
    await untilStatus(paid.id, 'escrow');
    await expectOk('startConversation', tutor, { body: { transaction_id: paid.id } });
    await expectOk('sendMessage', parent, { params: { id }, body: { request_id: randomUUID(), body: 'Mon numéro : 07 07 12 34 56' } });
    await expectOk('getTutorProfile', parent, { params: { id: tutor.tutorId } });

    const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
    expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
    const of = (handlerModule: string) => requests.filter((r) => r.handlerModule === handlerModule);
    // Each message: its id, the message and the conversation in one transaction (CONV#), the rate counter (MESSAGING#).
    expect(of('messages/api').filter((r) => r.action === 'put' && r.partition === `CONV#${id}` && r.sk?.startsWith('MSG#'))).toHaveLength(3);
    expect(of('messages/api').some((r) => r.action === 'update' && r.partition === `MESSAGING#${parent.userId}` && r.sk?.startsWith('RATE#'))).toBe(true);
    expect(of('messages/api').some((r) => r.action === 'query' && r.index === 'gsi2' && r.partition === `CONVS#${tutor.userId}`)).toBe(true);
    expect(of('messages/api').some((r) => r.action === 'batchGet' && r.partition === `TX#${paid.id}`)).toBe(true);
    expect(of('tutors/get-tutor').some((r) => r.action === 'get' && r.partition === `MESSAGING#${tutor.userId}`)).toBe(true);
  });

  it("the socket (issue 31): a connection stored, a ping's pong meeting a gone connection, the connection deleted", async () => {
    // The management API as API Gateway answers for a connection it no longer knows: 410 Gone.
    const gone = http.createServer((_req, res) => {
      res.writeHead(410, { 'x-amzn-errortype': 'GoneException', 'content-type': 'application/json' });
      res.end('{"message":"Gone"}');
    });
    const port = await new Promise<number>((resolve) => gone.listen(0, '127.0.0.1', () => resolve((gone.address() as net.AddressInfo).port)));
    process.env.REALTIME_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${port}`;
    try {
      const socket = eventHandlers.socket;
      const event = (connectionId: string, eventType: string, extra: Record<string, unknown> = {}) => ({
        ...extra,
        requestContext: { connectionId, eventType, routeKey: `$${eventType.toLowerCase()}`, requestId: randomUUID(), authorizer: { sub: randomUUID(), role: 'parent' } },
      });
      const [first, second] = [randomUUID(), randomUUID()];
      for (const connectionId of [first, second]) await as(socket, () => invoke(socket, event(connectionId, 'CONNECT')));
      await as(socket, () => invoke(socket, event(first, 'MESSAGE', { body: '{"action":"ping"}' })));
      await as(socket, () => invoke(socket, event(second, 'DISCONNECT')));

      const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
      expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
      const of = requests.filter((r) => r.handlerModule === socket).map((r) => `${r.action} ${r.partition}`);
      expect(of).toEqual([`put WSCONN#${first}`, `put WSCONN#${second}`, `delete WSCONN#${first}`, `delete WSCONN#${second}`]);
    } finally {
      delete process.env.REALTIME_MANAGEMENT_ENDPOINT;
      gone.closeAllConnections();
      await new Promise((resolve) => gone.close(resolve));
    }
  });

  it('the packages (issue 32): booked, listed, read, answered by the tutor, invoiced, paged by the admin, renewal asked', async () => {
    const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(4000, EVERY_DAY), newPerson('admin')]);
    const expectStatus = async (status: number, routeId: RouteId, caller: Person, options?: CallOptions) => {
      const response = await callAs(routeId, caller, options);
      expect(response.status, `${routeId} ${JSON.stringify(response.body)}`).toBe(status);
      return response;
    };
    const startDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const weekday = ((new Date(`${startDate}T00:00:00.000Z`).getUTCDay() + 6) % 7) + 1;
    const { body: booked } = await expectStatus(200, 'bookPackage', parent, {
      body: { tutorId: tutor.tutorId, lessonsPerWeek: 1, slots: [{ weekday, hour: 10 }], startDate, duration: 1, subject: 'Mathématiques', level: 'Collège', paymentMethod: 'card' },
    });
    const id = booked.package_id as string;
    await expectStatus(409, 'getPackageInvoice', parent, { params: { id } });
    // The one payment confirmed on each lesson (as the workflow's payment check does), the package active.
    const { applyTransition } = await import('../../functions/src/escrow/transitions.js');
    const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
    const { UpdateItemCommand } = await import('dynamodb-toolbox/entity/actions/update');
    const { PackageEntity } = await import('../../functions/src/packages/entities.js');
    const { Item: pkg } = await PackageEntity.build(GetItemCommand).key({ id }).send();
    for (const lesson of pkg!.lesson_ids) {
      await untilWaiting(lesson, 'pending');
      await as(WORKFLOW_TASKS, () => applyTransition({ transactionId: lesson, action: 'confirm_payment', actor: 'system', record: { paid_at: new Date().toISOString() } }));
    }
    await as('payments/webhook', () => PackageEntity.build(UpdateItemCommand).item({ id, status: 'active', paid_at: new Date().toISOString() }).send());
    for (const person of [parent, tutor]) {
      await expectStatus(200, 'listMyPackages', person);
      await expectStatus(200, 'getPackage', person, { params: { id } });
    }
    await expectStatus(200, 'getPackage', admin, { params: { id } });
    await expectStatus(200, 'adminPackages', admin);
    await expectStatus(200, 'acceptPackage', tutor, { params: { id } });
    await expectStatus(200, 'getPackageInvoice', parent, { params: { id } });
    await expectStatus(409, 'getPackageRenewal', parent, { params: { id } });
    // Another package left unpaid: the expiry task expires each lesson, then fails the package (PACKAGE#).
    const { body: unpaid } = await expectStatus(200, 'bookPackage', parent, {
      body: { tutorId: tutor.tutorId, lessonsPerWeek: 1, slots: [{ weekday, hour: 14 }], startDate, duration: 1, subject: 'Mathématiques', level: 'Collège', paymentMethod: 'card' },
    });
    const unpaidId = unpaid.package_id as string;
    const { failExpiredPackage } = await import('../../functions/src/packages/payment.js');
    const { Item: unpaidPkg } = await PackageEntity.build(GetItemCommand).key({ id: unpaidId }).send();
    for (const lesson of unpaidPkg!.lesson_ids) {
      await untilWaiting(lesson, 'pending');
      await as(WORKFLOW_TASKS, () => applyTransition({ transactionId: lesson, action: 'expire_payment', actor: 'system', wake: false }));
    }
    expect(await as(WORKFLOW_TASKS, () => failExpiredPackage(unpaidId))).toBe(true);

    const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
    expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
    const of = (handlerModule: string) => requests.filter((r) => r.handlerModule === handlerModule);
    // Each package, its index row and its 4 holds in one transaction (two packages: 8 holds); then its lessons.
    expect(of('packages/book').filter((r) => r.action === 'put' && r.partition === `SLOTS#${tutor.tutorId}`)).toHaveLength(8);
    expect(of('packages/book').filter((r) => r.action === 'put' && r.partition === `PACKAGE#${id}`)).toHaveLength(2);
    expect(of('packages/api').some((r) => r.action === 'query' && r.index === 'gsi2' && r.partition === `TUTOR_PKG#${tutor.userId}`)).toBe(true);
    expect(of('packages/api').some((r) => r.action === 'query' && r.index === 'gsi1' && r.partition === 'PACKAGES')).toBe(true);
    expect(of('packages/api').filter((r) => r.action === 'update' && r.partition.startsWith('TX#') && r.sk === 'TRANSACTION').length).toBeGreaterThanOrEqual(4);
    expect(of(WORKFLOW_TASKS).some((r) => r.action === 'update' && r.partition === `PACKAGE#${unpaidId}`)).toBe(true);
  });

  it("WhatsApp (issue 34): the channel's routes, and a notification sent on WhatsApp by the notifier", async () => {
    // The Cloud API, at the HTTP boundary only: it takes every message and gives it a wamid.
    let sent = 0;
    const codes: string[] = [];
    const graph = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw);
        if (body.template?.name === 'kalan_code') codes.push(body.template.components[0].parameters[0].text);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.perm${++sent}` }] }));
      });
    });
    const port = await new Promise<number>((resolve) => graph.listen(0, '127.0.0.1', () => resolve((graph.address() as net.AddressInfo).port)));
    Object.assign(process.env, { WHATSAPP_GRAPH_URL: `http://127.0.0.1:${port}`, WHATSAPP_ACCESS_TOKEN: 'EAAperm', WHATSAPP_PHONE_NUMBER_ID: '1' });
    try {
      const [tutor, other] = await Promise.all([newTutor(), newPerson('parent')]);
      const phone = `07${String(Date.now()).slice(-8)}`;
      const expectStatus = async (routeId: RouteId, caller: Person, status: number, options?: CallOptions) =>
        expect((await callAs(routeId, caller, options)).status, routeId).toBe(status);
      await expectStatus('getWhatsAppChannel', tutor, 200);
      await expectStatus('startWhatsAppVerification', tutor, 200, { body: { phone } });
      await expectStatus('confirmWhatsAppVerification', tutor, 400, { body: { code: codes.at(-1) === '000000' ? '111111' : '000000' } });
      await expectStatus('confirmWhatsAppVerification', tutor, 200, { body: { code: codes.at(-1) } });
      await expectStatus('startWhatsAppVerification', other, 400, { body: { phone } });
      // WhatsApp alone: no SES in this file.
      await expectStatus('saveNotificationPreferences', tutor, 200, { body: { email: false, whatsapp: true } });
      const { deliver } = await import('../../functions/src/notifications/deliver.js');
      const txId = randomUUID();
      const delivered = await as(eventHandlers.notifier, () =>
        deliver(
          tutor.userId,
          {
            side: 'tutor',
            ref: `${txId}#lesson_requested`,
            details: { kind: 'lesson_requested', facts: { transactionId: txId, subject: 'Mathématiques', parentName: 'Koffi', tutorName: 'Awa', amountTotal: 1, amountTutor: 1, amountRefunded: 1, lesson: true } },
          },
          new Date().toISOString(),
        ),
      );
      expect(delivered?.whatsapp).toBe('sent');
      await expectStatus('removeWhatsAppChannel', tutor, 200);

      const refused = requests.map((request) => ({ request, why: refusal(request) })).filter(({ why }) => why);
      expect(refused.map(({ request, why }) => `${request.handlerModule}: ${why}`)).toEqual([]);
      const of = (handlerModule: string) => requests.filter((r) => r.handlerModule === handlerModule);
      expect(of('whatsapp/channel').some((r) => r.action === 'put' && r.partition.startsWith('WAPHONE#'))).toBe(true);
      expect(of('whatsapp/channel').some((r) => r.action === 'delete' && r.partition.startsWith('WAPHONE#'))).toBe(true);
      expect(of('whatsapp/channel').some((r) => r.action === 'put' && r.partition.startsWith('WAMSG#'))).toBe(true);
      expect(of(eventHandlers.notifier).some((r) => r.action === 'put' && r.partition.startsWith('WAMSG#'))).toBe(true);
    } finally {
      graph.closeAllConnections();
      await new Promise((resolve) => graph.close(resolve));
    }
  });

  it('would notice a handler going beyond its row', () => {
    expect(refusal({ handlerModule: 'transactions/rate', action: 'put', partition: 'TX#1', sk: 'LEDGER#release#1', attributes: ['debit'] })).toMatch(/ledger line/);
    expect(refusal({ handlerModule: 'auth/get-me', action: 'get', partition: 'TX#1', attributes: [] })).toBe('dynamodb:GetItem TX#1');
    expect(refusal({ handlerModule: 'admin/users', action: 'query', index: 'gsi1', partition: 'TRANSACTIONS', attributes: [] })).toBe('dynamodb:Query on gsi1 TRANSACTIONS');
    expect(refusal({ handlerModule: 'escrow/decide', action: 'scan', partition: '', attributes: [] })).toBe('Scan');
  });
});
