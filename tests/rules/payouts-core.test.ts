/**
 * The payouts' money core (issue 30) on DynamoDB Local: the withdrawal's one conditional
 * transaction under concurrency, its idempotency, the 48-hour hold after a destination change, the
 * KYC and first-lesson gates, the settlement functions repeated and interleaved, and random
 * histories of releases, withdrawals, payments, failures and reversals. After each: every
 * movement balanced, the wallet equal to the sum of the tutor's ledger lines, never below zero.
 */
import { createHash, randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { IN_FLIGHT_PAYOUT_STATUSES, type PayoutStatus } from '#shared/payouts';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { accounts, isBalanced, ledgerLinesFor } from '../../functions/src/escrow/ledger.js';
import { LedgerLineEntity } from '../../functions/src/payments/entities.js';
import { DestinationCodeEntity, PayoutDestinationEntity } from '../../functions/src/payouts/entities.js';
import {
  applyProviderStatus,
  flagAttention,
  getDestination,
  getPayout,
  getWallet,
  settleFailed,
  settlePaid,
  settleReversed,
} from '../../functions/src/payouts/settle.js';
import { walletCreditWrite } from '../../functions/src/payouts/wallet-credit.js';
import { requestDestinationCode, setDestination, withdraw } from '../../functions/src/payouts/wallet-api.js';
import { config } from './engines.js';
import { bookAndPay, call, newPerson, newTutor, transaction, type Tutor } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));
const RUNS = Number(process.env.KALAN_PROPERTY_RUNS ?? 200);
const PHONE = '+2250701020304';

interface TutorBooks {
  tutor: Tutor;
  /** The transactions whose releases credited the tutor. */
  transactions: string[];
}

async function verify(userId: string): Promise<void> {
  await db.send(
    new UpdateCommand({ TableName: config.tableName, Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, UpdateExpression: 'SET is_verified = :t', ExpressionAttributeValues: { ':t': true } }),
  );
}

async function verifiedTutor(): Promise<TutorBooks> {
  const tutor = await newTutor();
  await verify(tutor.userId);
  return { tutor, transactions: [] };
}

/** A release of one transaction, written as escrow/transitions.ts writes it: its lines and the wallet, together. */
async function release(books: TutorBooks, share: number): Promise<void> {
  const transactionId = randomUUID();
  const commission = Math.round(share / 9);
  const now = new Date().toISOString();
  const lines = ledgerLinesFor('release', {
    transactionId,
    parentId: 'parent',
    tutorUserId: books.tutor.userId,
    amountTotal: share + commission,
    amountTutor: share,
    commission,
  });
  await execute(
    ...lines.map((line) => LedgerLineEntity.build(PutTransaction).item({ transaction_id: transactionId, ...line, created_at: now })),
    walletCreditWrite(books.tutor.userId, share, 1, now),
  );
  books.transactions.push(transactionId);
}

/** An active destination, past its hold. */
async function activeDestination(userId: string): Promise<void> {
  const past = new Date(Date.now() - 72 * 3600_000).toISOString();
  await db.send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        pk: `WALLET#${userId}`,
        sk: 'DESTINATION',
        _et: 'payoutDestination',
        tutor_user_id: userId,
        operator: 'orange',
        phone: PHONE,
        holder_name: 'Awa Koné',
        status: 'active',
        name_matches_kyc: true,
        changed_at: past,
        hold_until: past,
      },
    }),
  );
}

async function partitionLines(pk: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
      ExpressionAttributeValues: { ':pk': pk, ':l': 'LEDGER#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

async function payoutsOfTutor(userId: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': `TUTOR_PAYOUTS#${userId}` } }),
  );
  return Items;
}

let linesChecked = 0;

/** Every invariant of the tutor's money; returns the wallet. */
async function checkBooks(books: TutorBooks) {
  const userId = books.tutor.userId;
  const wallet = await getWallet(userId);
  const payouts = await Promise.all((await payoutsOfTutor(userId)).map((item) => getPayout(item.id as string)));
  const partitions = await Promise.all([
    ...books.transactions.map((id) => partitionLines(`TX#${id}`)),
    ...payouts.map((payout) => partitionLines(`PAYOUT#${payout!.id}`)),
  ]);
  const lines = partitions.flat();
  linesChecked += lines.length;
  for (const partition of partitions) expect(isBalanced(partition as never), JSON.stringify(partition)).toBe(true);
  const tutorAccount = accounts.tutor(userId);
  const fromLedger = lines.filter((line) => line.account === tutorAccount).reduce((sum, line) => sum + line.credit - line.debit, 0);
  const inFlight = payouts.filter((payout) => IN_FLIGHT_PAYOUT_STATUSES.includes(payout!.status)).reduce((sum, payout) => sum + payout!.amount, 0);
  const paidOut = payouts.filter((payout) => payout!.status === 'paid').reduce((sum, payout) => sum + payout!.net, 0);
  expect(wallet?.available ?? 0).toBe(fromLedger);
  expect(wallet?.available ?? 0).toBeGreaterThanOrEqual(0);
  expect(wallet?.in_flight ?? 0).toBe(inFlight);
  expect(wallet?.paid_out ?? 0).toBe(paidOut);
  // One payout in flight at most, and it is the wallet's.
  const flying = payouts.filter((payout) => IN_FLIGHT_PAYOUT_STATUSES.includes(payout!.status));
  expect(flying.length).toBeLessThanOrEqual(1);
  expect(wallet?.current_payout_id ?? null).toBe(flying[0]?.id ?? null);
  return { wallet, payouts: payouts as NonNullable<(typeof payouts)[number]>[], lines };
}

const movementsOf = (lines: Array<Record<string, any>>, movement: string) => lines.filter((line) => line.movement === movement);

describe('the wallet follows the escrow', () => {
  it("a parent's release credits the tutor's wallet in the same transaction as its ledger lines", async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    const tx = await transaction(id);
    const wallet = await getWallet(tutor.userId);
    expect(wallet).toMatchObject({ available: tx.amount_tutor, released_total: tx.amount_tutor, releases: 1 });
    await checkBooks({ tutor, transactions: [id] });
  });
});

describe('withdrawals', () => {
  it('20 concurrent withdrawals never overdraw: one at a time, exactly as many as the balance allows', async () => {
    const books = await verifiedTutor();
    await release(books, 10_000);
    await activeDestination(books.tutor.userId);
    let succeeded = 0;
    for (let round = 0; round < 8; round++) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => call('requestWithdrawal', books.tutor, { body: { amount: 3_000, request_id: randomUUID() } })),
      );
      const created = responses.filter((response) => response.status === 201);
      const refused = responses.filter((response) => response.status === 409 || response.status === 400);
      expect(created.length + refused.length, JSON.stringify(responses.map((r) => r.body))).toBe(20);
      expect(created.length).toBeLessThanOrEqual(1);
      const { wallet } = await checkBooks(books);
      if (created.length === 0) {
        // Nothing left to withdraw: refused for the balance (400 before the write, or 409 from it).
        expect(wallet!.available).toBeLessThan(3_000);
        break;
      }
      succeeded += 1;
      await settlePaid(created[0]!.body.id, `ref-${round}`);
    }
    expect(succeeded).toBe(3);
    const { wallet } = await checkBooks(books);
    expect(wallet).toMatchObject({ available: 1_000, in_flight: 0 });
  });

  it('the same request id five times at once makes one payout', async () => {
    const books = await verifiedTutor();
    await release(books, 5_000);
    await activeDestination(books.tutor.userId);
    const requestId = randomUUID();
    const responses = await Promise.all(Array.from({ length: 5 }, () => call('requestWithdrawal', books.tutor, { body: { amount: 2_000, request_id: requestId } })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.body.id))).toEqual(new Set([requestId]));
    const { wallet, payouts, lines } = await checkBooks(books);
    expect(payouts).toHaveLength(1);
    expect(movementsOf(lines, 'withdrawal')).toHaveLength(2);
    expect(wallet).toMatchObject({ available: 3_000, in_flight: 2_000 });
    // Another tutor's request with that id is refused.
    const other = await verifiedTutor();
    await release(other, 5_000);
    await activeDestination(other.tutor.userId);
    const reused = await call('requestWithdrawal', other.tutor, { body: { amount: 2_000, request_id: requestId } });
    expect(reused).toMatchObject({ status: 409, body: { error: { message: messages.payouts.requestIdReused } } });
  });

  it('waits 48 hours after a destination change, and a name unlike the KYC name goes to review', async () => {
    const books = await verifiedTutor();
    const userId = books.tutor.userId;
    await release(books, 5_000);
    const code = async () =>
      DestinationCodeEntity.build((await import('dynamodb-toolbox/entity/actions/put')).PutItemCommand)
        .item({ tutor_user_id: userId, code_hash: createHash('sha256').update(`${userId}:123456`).digest('hex'), expires_at: Math.floor(Date.now() / 1000) + 100 * 3600, attempts: 0, created_at: new Date().toISOString() })
        .send();
    const changedAt = new Date();
    await code();
    // The KYC name, its words in another order and without accents: it matches.
    await setDestination(userId, { operator: 'orange', phone: '07 01 02 03 04', holder_name: 'kone AWA', code: '123456' }, changedAt);
    expect(await getDestination(userId)).toMatchObject({ status: 'active', name_matches_kyc: true, phone: PHONE });
    // The tutor is told, in-app (and by e-mail when the stage sends e-mail).
    const { Items: notifications = [] } = await db.send(
      new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':n': 'NOTIF#' } }),
    );
    expect(notifications).toEqual([expect.objectContaining({ kind: 'payout_destination_changed', title: messages.payouts.notifyDestinationTitle })]);
    const at = (hours: number) => new Date(changedAt.getTime() + hours * 3600_000);
    await expect(withdraw(userId, { amount: 2_000, request_id: randomUUID() }, at(47.9))).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('48 h') });
    const { created } = await withdraw(userId, { amount: 2_000, request_id: randomUUID() }, at(48));
    expect(created).toBe(true);
    await checkBooks(books);

    await code();
    await setDestination(userId, { operator: 'mtn', phone: '0505050505', holder_name: 'Jean Yao', code: '123456' }, at(49));
    const destination = await getDestination(userId);
    expect(destination).toMatchObject({ status: 'review', name_matches_kyc: false });
    const { Items = [] } = await db.send(
      new QueryCommand({ TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': 'PAYOUT_DESTINATIONS#review' } }),
    );
    expect(Items.some((item) => item.tutor_user_id === userId)).toBe(true);
    // A code is used once.
    await expect(setDestination(userId, { operator: 'mtn', phone: '0505050505', holder_name: 'Awa Koné', code: '123456' }, at(50))).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('only KYC-approved tutors withdraw, and only once a first lesson is confirmed', async () => {
    const tutor = await newTutor();
    const books: TutorBooks = { tutor, transactions: [] };
    await activeDestination(tutor.userId);
    const attempt = () => call('requestWithdrawal', tutor, { body: { amount: 2_000, request_id: randomUUID() } });
    expect(await attempt()).toMatchObject({ status: 409, body: { error: { message: messages.payouts.kycRequired } } });
    await verify(tutor.userId);
    expect(await attempt()).toMatchObject({ status: 409, body: { error: { message: messages.payouts.firstLessonRequired } } });
    await release(books, 5_000);
    expect((await attempt()).status).toBe(201);
    const wallet = await call('getWallet', tutor);
    expect(wallet.body).toMatchObject({ available: 3_000, in_flight: 2_000, blocked_reason: messages.payouts.payoutInFlight });
    await checkBooks(books);
  });
});

describe('settlement', () => {
  async function inFlight(amount = 2_000) {
    const books = await verifiedTutor();
    await release(books, 5_000);
    await activeDestination(books.tutor.userId);
    const { payout } = await withdraw(books.tutor.userId, { amount, request_id: randomUUID() });
    return { books, payout };
  }

  it('paid twice pays once; a failure after the payment changes nothing', async () => {
    const { books, payout } = await inFlight();
    await Promise.all([settlePaid(payout.id, 'r1'), settlePaid(payout.id, 'r1'), settlePaid(payout.id, 'r1')]);
    expect((await settleFailed(payout.id, 'rejected', 'REJ')).status).toBe('paid');
    const { wallet, lines } = await checkBooks(books);
    expect(movementsOf(lines, 'payout_paid')).toHaveLength(3);
    expect(movementsOf(lines, 'payout_returned')).toHaveLength(0);
    expect(wallet).toMatchObject({ available: 3_000, in_flight: 0, paid_out: payout.net, fees: payout.fee });
  });

  it('REJ after a time-out posts one compensating entry and marks the destination', async () => {
    const { books, payout } = await inFlight();
    await flagAttention(payout.id, { state: 'Check', error: 'States.Timeout', cause: 'no answer' });
    const failed = { state: 'failed' as const, providerReference: 'r2', reason: 'rejected' as const, detail: 'REJ' };
    await Promise.all([applyProviderStatus(payout, failed), applyProviderStatus(payout, failed), settlePaid(payout.id, 'r2')]);
    const { wallet, lines, payouts } = await checkBooks(books);
    // Whichever came first won; the other outcome never happened too.
    const outcome = payouts[0]!.status as PayoutStatus;
    expect(['failed', 'paid']).toContain(outcome);
    expect(movementsOf(lines, 'payout_returned')).toHaveLength(outcome === 'failed' ? 2 : 0);
    expect(movementsOf(lines, 'payout_paid')).toHaveLength(outcome === 'paid' ? 3 : 0);
    if (outcome === 'failed') {
      expect(wallet).toMatchObject({ available: 5_000, in_flight: 0 });
      expect(await getDestination(books.tutor.userId)).toMatchObject({ status: 'failed', failed_payout_id: payout.id });
      // Never sent again to it: the next withdrawal is refused.
      await expect(withdraw(books.tutor.userId, { amount: 2_000, request_id: randomUUID() })).rejects.toMatchObject({ message: messages.payouts.destinationFailed });
    }
  });

  it('a reversal after the payment posts one compensating entry, however often it is read', async () => {
    const { books, payout } = await inFlight();
    const reversed = { state: 'reversed' as const, providerReference: 'r3', detail: 'reversed by Wave' };
    // Read while still in flight: paid first, then reversed — each movement once.
    await Promise.all([applyProviderStatus(payout, reversed), applyProviderStatus(payout, reversed), settleReversed(payout.id, 'again')]);
    await applyProviderStatus(payout, reversed);
    const { wallet, lines, payouts } = await checkBooks(books);
    expect(payouts[0]!.status).toBe('reversed');
    expect(movementsOf(lines, 'payout_paid')).toHaveLength(3);
    expect(movementsOf(lines, 'payout_reversed')).toHaveLength(3);
    expect(wallet).toMatchObject({ available: 5_000, in_flight: 0, paid_out: 0, fees: 0 });
    expect(await getDestination(books.tutor.userId)).toMatchObject({ status: 'failed' });
  });
});

type Op = { kind: 'release'; share: number } | { kind: 'withdraw'; amount: number } | { kind: 'settle'; outcome: 'paid' | 'failed' | 'reversed' | 'pending' | 'flag' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('release' as const), share: fc.integer({ min: 500, max: 20_000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1_000, max: 15_000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('settle' as const), outcome: fc.constantFrom('paid' as const, 'failed' as const, 'reversed' as const, 'pending' as const, 'flag' as const) }) },
);

describe('random histories', () => {
  it(`${RUNS} histories of releases, withdrawals, payments, failures and reversals keep every ledger balanced and every wallet equal to it`, async () => {
    let histories = 0;
    let withdrawals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }), async (steps) => {
        const books = await verifiedTutor();
        await activeDestination(books.tutor.userId);
        await release(books, 8_000);
        for (const step of steps) {
          // The operations of a step run at once.
          await Promise.all(
            step.map(async (operation) => {
              if (operation.kind === 'release') return release(books, operation.share);
              if (operation.kind === 'withdraw') {
                const result = await withdraw(books.tutor.userId, { amount: operation.amount, request_id: randomUUID() }).catch((error: { statusCode?: number }) => {
                  if (error.statusCode === 409 || error.statusCode === 400) return null;
                  throw error;
                });
                if (result?.created) withdrawals += 1;
                return;
              }
              const latest = (await payoutsOfTutor(books.tutor.userId)).sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];
              if (!latest) return;
              const payout = (await getPayout(latest.id as string))!;
              if (operation.outcome === 'flag') return flagAttention(payout.id, { state: 'Send', error: 'Payout.Transient', cause: 'test' });
              return applyProviderStatus(
                payout,
                operation.outcome === 'paid'
                  ? { state: 'paid', providerReference: 'p' }
                  : operation.outcome === 'failed'
                    ? { state: 'failed', providerReference: 'p', reason: 'rejected', detail: 'REJ' }
                    : operation.outcome === 'reversed'
                      ? { state: 'reversed', providerReference: 'p', detail: 'reversed' }
                      : { state: 'pending', providerReference: 'p' },
              );
            }),
          );
          await checkBooks(books);
          // A failed destination is never paid again: the tutor adds another.
          if ((await getDestination(books.tutor.userId))?.status === 'failed') await activeDestination(books.tutor.userId);
        }
        histories += 1;
      }),
      { numRuns: RUNS },
    );
    console.info(`[payouts-property] ${histories} histoires, ${withdrawals} retraits, ${linesChecked} lignes du grand livre vérifiées (équilibre, portefeuille = somme des lignes)`);
    expect(histories).toBe(RUNS);
  }, 600_000);
});

describe('the wallet routes', () => {
  it('e-mails a code that proves one change (its hash kept), refuses after five wrong codes, and lists the payouts newest first', async () => {
    const books = await verifiedTutor();
    const { tutor } = books;
    // The e-mail as SES would send it (the rules engines run no SES double): the code is in its body.
    const mails: string[] = [];
    const channel = { name: 'email' as const, available: true, send: async (_: unknown, content: { body: string }) => (mails.push(content.body), 'sent' as const) };
    await requestDestinationCode(tutor.userId, new Date(), channel);
    const { Item: stored } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: { pk: `WALLET#${tutor.userId}`, sk: 'DESTINATION_CODE' }, ConsistentRead: true }),
    );
    // Only its hash is kept, with the table's TTL 10 minutes ahead.
    const code = /(\d{6})/.exec(mails[0]!)![1]!;
    expect(stored).toMatchObject({ attempts: 0, code_hash: createHash('sha256').update(`${tutor.userId}:${code}`).digest('hex') });
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored!.expires_at - Date.now() / 1000).toBeGreaterThan(590);
    const put = (given: string) => call('setPayoutDestination', tutor, { body: { operator: 'orange', phone: '0701020304', holder_name: 'Awa Koné', code: given } });
    const wrong = code === '999999' ? '000000' : '999999';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await put(wrong));
    expect(answers.map((a) => a.body.error.message)).toEqual([...Array(4).fill(messages.payouts.codeInvalid), messages.payouts.codeTooManyAttempts]);
    // Five wrong codes: the right one is refused too, until a new code is asked for.
    expect((await put(code)).body.error.message).toBe(messages.payouts.codeTooManyAttempts);
    expect(await getDestination(tutor.userId)).toBeNull();
    await requestDestinationCode(tutor.userId, new Date(), channel);
    const fresh = /(\d{6})/.exec(mails[1]!)![1]!;
    expect((await put(fresh)).status).toBe(200);
    expect(await getDestination(tutor.userId)).toMatchObject({ status: 'active', phone: PHONE });
    expect((await put(fresh)).body.error.message).toBe(messages.payouts.codeInvalid);
    // A number of another operator is refused before any code is checked.
    const mtn = await call('setPayoutDestination', tutor, { body: { operator: 'orange', phone: '0505050505', holder_name: 'Awa Koné', code: '123456' } });
    expect(mtn).toMatchObject({ status: 400 });

    await release(books, 50_000);
    await activeDestination(tutor.userId);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const { payout } = await withdraw(tutor.userId, { amount: 1_000, request_id: randomUUID() }, new Date(Date.now() + i * 1000));
      await settlePaid(payout.id, null);
      ids.push(payout.id);
    }
    const first = await call('listMyPayouts', tutor);
    expect(first.status).toBe(200);
    expect(first.body.payouts).toHaveLength(20);
    const second = await call('listMyPayouts', tutor, { query: { cursor: first.body.next_cursor } });
    expect([...first.body.payouts, ...second.body.payouts].map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(second.body.next_cursor).toBeNull();
    expect(first.body.payouts[0]).toMatchObject({ status: 'paid', status_label: 'Payé', phone_masked: '07 •• •• •3 04', amount: 1_000, fee: 15, net: 985 });
    // Another tutor reads only their own (empty) list.
    const other = await verifiedTutor();
    expect((await call('listMyPayouts', other.tutor)).body).toEqual({ payouts: [], next_cursor: null });
    const wallet = await call('getWallet', tutor);
    expect(wallet.body).toMatchObject({ available: 50_000 - 23_000, in_flight: 0, paid_out: 23 * 985, blocked_reason: null, current_payout: null });
    await checkBooks(books);
  });
});
