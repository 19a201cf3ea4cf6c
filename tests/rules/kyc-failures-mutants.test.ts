/**
 * Identity verification (functions/src/kyc/*) when DynamoDB does not simply say yes, on the real
 * engines (DynamoDB Local, the local S3 holding the photos) with failures injected at the SDK
 * boundary: a write that fails for another reason than a refused condition is a 500, never a
 * "already pending / already reviewed" 409; a passing TransactionConflict on a submission is tried
 * again, a lasting one is a 409 that never answers a rejected submission as if it were pending; approving the submission of someone
 * whose profile is gone changes nothing; the status and record reads are strongly consistent
 * (a review or a retried submit just after a submit must see it); every KYC item carries the
 * entity name the deployed table already holds, and items exactly as a deployed table holds them
 * are read, listed and reviewed; and an invalid query parameter is reported under `query.`.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { config } from './engines.js';
import { injectDynamoFault, throttled, transactionCancelled } from './faults.js';
import { call, kycPhotos, newPerson, submittedKyc, uploadKycPhoto, type Person } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));

/** One item of the table, read directly (not through the code under test). */
async function rawItem(pk: string, sk: string): Promise<Record<string, any> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: { pk, sk }, ConsistentRead: true }));
  return Item;
}

/** The submission's own TransactWriteItems (its items name the tutor). */
const writesOf = (userId: string) => (input: Record<string, any>) => JSON.stringify(input).includes(userId);

describe('a write that fails for another reason than a refused condition', () => {
  it('answers 500 to a submit and records nothing', async () => {
    const tutor = await newPerson('tuteur');
    const keys = await kycPhotos(tutor);
    const fault = injectDynamoFault({ command: 'TransactWriteItemsCommand', when: writesOf(tutor.userId), error: throttled });
    try {
      const response = await call('submitKyc', tutor, { body: keys });
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe('internal');
      expect(fault.failed).toBe(1);
    } finally {
      fault.remove();
    }
    expect(await rawItem(`USER#${tutor.userId}`, 'KYC_STATUS')).toBeUndefined();
    expect((await call('submitKyc', tutor, { body: keys })).status).toBe(201);
  });

  it('answers 500 to a review and leaves the submission pending', async () => {
    const admin = await newPerson('admin');
    const { tutor, verification } = await submittedKyc();
    for (const decision of ['approve', 'reject'] as const) {
      const fault = injectDynamoFault({ command: 'TransactWriteItemsCommand', when: writesOf(verification.id as string), error: throttled });
      try {
        const response = await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision } });
        expect(response.status, decision).toBe(500);
        expect(response.body.error.code).toBe('internal');
        expect(fault.failed).toBe(1);
      } finally {
        fault.remove();
      }
    }
    expect(await rawItem(`KYC#${verification.id}`, 'KYC')).toMatchObject({ status: 'pending' });
    expect((await rawItem(`USER#${tutor.userId}`, 'PROFILE'))?.is_verified).not.toBe(true);
    expect((await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'approve' } })).status).toBe(200);
  });
});


/** A submission whose writes conflict every time: 409 'alreadyPending', after more than one try. */
async function expectLastingConflict(tutor: Parameters<typeof call>[1], keys: Record<string, string>): Promise<void> {
  const fault = injectDynamoFault({
    command: 'TransactWriteItemsCommand',
    when: writesOf(tutor.userId),
    error: () => transactionCancelled('None', 'TransactionConflict'),
  });
  try {
    const response = await call('submitKyc', tutor, { body: keys });
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.error.message).toBe(messages.kyc.alreadyPending);
    expect(fault.failed).toBeGreaterThan(1);
  } finally {
    fault.remove();
  }
}

describe('a TransactionConflict on a submission', () => {
  // Since issue 11 every submission also moves the pending-KYC counter, so a conflict is most often
  // another tutor's submission at the same moment: it is tried again, and only a conflict that
  // lasts answers 409 (and a submission really in flight is then found by the status read).
  it('tries a submission cancelled by a passing conflict again, and records it once', async () => {
    const tutor = await newPerson('tuteur');
    const keys = await kycPhotos(tutor);
    const fault = injectDynamoFault({
      command: 'TransactWriteItemsCommand',
      when: writesOf(tutor.userId),
      times: 1,
      error: () => transactionCancelled('None', 'TransactionConflict'),
    });
    try {
      const response = await call('submitKyc', tutor, { body: keys });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(fault.failed).toBe(1);
      expect(await rawItem(`USER#${tutor.userId}`, 'KYC_STATUS')).toMatchObject({ status: 'pending', verification_id: response.body.id });
    } finally {
      fault.remove();
    }
  });

  it('answers 409 to a conflict that lasts, and records nothing', async () => {
    const tutor = await newPerson('tuteur');
    const keys = await kycPhotos(tutor);
    await expectLastingConflict(tutor, keys);
    expect(await rawItem(`USER#${tutor.userId}`, 'KYC_STATUS')).toBeUndefined();
  });

  it('never answers a rejected submission as the pending one when new photos are sent', async () => {
    const admin = await newPerson('admin');
    const { tutor, verification } = await submittedKyc();
    const rejected = await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'reject' } });
    expect(rejected.status).toBe(200);
    // A rejected document cannot be sent again (its retention tag): the tutor takes new photos.
    const keys = await kycPhotos(tutor);
    await expectLastingConflict(tutor, keys);
    expect(await rawItem(`USER#${tutor.userId}`, 'KYC_STATUS')).toMatchObject({ status: 'rejected', verification_id: verification.id });
    // Once the conflict is over, the same new photos may be submitted: a new pending submission.
    const again = await call('submitKyc', tutor, { body: keys });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(verification.id);
    expect(again.body.status).toBe('pending');
  });
});

describe('approving the submission of someone whose profile is gone', () => {
  it('answers 409 and creates no partial profile', async () => {
    const admin = await newPerson('admin');
    const { tutor, verification } = await submittedKyc();
    await db.send(new DeleteCommand({ TableName: config.tableName, Key: { pk: `USER#${tutor.userId}`, sk: 'PROFILE' } }));
    const response = await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'approve' } });
    expect(response.status).toBe(409);
    expect(await rawItem(`USER#${tutor.userId}`, 'PROFILE')).toBeUndefined();
    expect(await rawItem(`KYC#${verification.id}`, 'KYC')).toMatchObject({ status: 'pending' });
    expect(await rawItem(`USER#${tutor.userId}`, 'KYC_STATUS')).toMatchObject({ status: 'pending', verification_id: verification.id });
  });
});

describe('strongly consistent reads', () => {
  it('reads the submission under review and the caller status with ConsistentRead', async () => {
    const admin = await newPerson('admin');
    const { tutor, keys, verification } = await submittedKyc();
    const keyOf = (input: Record<string, any>) => `${input.Key?.pk}/${input.Key?.sk}`;
    const statusKey = `USER#${tutor.userId}/KYC_STATUS`;
    const recordKey = `KYC#${verification.id}/KYC`;
    const spy = injectDynamoFault({ command: 'GetItemCommand', times: 0, when: (input) => [statusKey, recordKey].includes(keyOf(input)) });
    try {
      // A retried submit reads the status, then the pending record it points at.
      expect((await call('submitKyc', tutor, { body: keys })).status).toBe(201);
      expect((await call('getMyKyc', tutor)).status).toBe(200);
      expect((await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'approve' } })).status).toBe(200);
    } finally {
      spy.remove();
    }
    const reads = spy.calls.map(({ input }) => ({ key: keyOf(input), consistent: input.ConsistentRead }));
    // Submit retry: status then record; getMyKyc: status then record; review: record.
    expect(reads.map((read) => read.key)).toEqual([statusKey, recordKey, statusKey, recordKey, recordKey]);
    for (const read of reads) expect(read.consistent, read.key).toBe(true);
  });
});

describe('stored items', () => {
  it('carry the entity names the deployed table holds', async () => {
    const { tutor, verification } = await submittedKyc();
    expect((await rawItem(`KYC#${verification.id}`, 'KYC'))?._et).toBe('kycVerification');
    expect((await rawItem(`USER#${tutor.userId}`, 'KYC_STATUS'))?._et).toBe('kycStatus');
  });

  it('are read, listed and reviewed as a deployed table holds them', async () => {
    const admin = await newPerson('admin');
    const tutor = await newPerson('tuteur');
    const keys = await kycPhotos(tutor);
    const id = randomUUID();
    const createdAt = new Date().toISOString();
    // Exactly the attributes the deployed code has written since the first release.
    const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: config.tableName, Item }));
    await put({
      pk: `KYC#${id}`,
      sk: 'KYC',
      _et: 'kycVerification',
      id,
      user_id: tutor.userId,
      ...keys,
      status: 'pending',
      created_at: createdAt,
      gsi1pk: 'KYC_VERIFICATIONS',
      gsi1sk: `${createdAt}#${id}`,
    });
    await put({ pk: `USER#${tutor.userId}`, sk: 'KYC_STATUS', _et: 'kycStatus', user_id: tutor.userId, verification_id: id, status: 'pending', updated_at: createdAt });

    const mine = await call('getMyKyc', tutor);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({ id, user_id: tutor.userId, status: 'pending', created_at: createdAt });
    const list = await call('listKycVerifications', admin);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.find((item: { id: string }) => item.id === id)).toMatchObject({ status: 'pending', owner: { role: 'tuteur' } });
    const review = await call('reviewKyc', admin, { params: { id }, body: { decision: 'approve' } });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect((await call('getMyKyc', tutor)).body).toMatchObject({ id, status: 'approved' });
  });
});

describe('query parameters', () => {
  it('reports an invalid one under query.<name>', async () => {
    const admin = await newPerson('admin');
    const response = await call('listKycVerifications', admin, { query: { cursor: 'x'.repeat(1001) } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['query.cursor']);
  });
});
