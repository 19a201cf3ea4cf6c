/**
 * Rating a lesson (functions/src/transactions/rate.ts, rating.ts) on the real engines, beyond
 * the dispute thresholds of money-rules.test.ts: the answer the parent gets, what is stored with
 * the rating, when it is too early or too late, two ratings sent at once, who may rate a released
 * lesson, where the admins find a dispute opened after the release, and what a failed write answers.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { rateCourse } from '../../functions/src/transactions/rating.js';
import { injectDynamoFault, throttled } from './faults.js';
import { book, bookAndPay, call, disputeOf, ledgerOf, newPerson, newTutor, transaction, type Person } from './harness.js';

async function paid(overrides: Record<string, unknown> = {}) {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
  const booking = await bookAndPay(parent, tutor, overrides);
  return { parent, tutor, ...booking };
}

const ms = (iso: string) => new Date(iso).getTime();

describe('rating a lesson', () => {
  it('stores the rating, the review and its date, and answers with the updated transaction', async () => {
    const { id, parent } = await paid();
    const before = Date.now();
    const response = await call('rateCourse', parent, { params: { id: id.toUpperCase() }, body: { rating: 4, review: 'Très bien' } });
    expect(response.status).toBe(200);
    expect(response.body.dispute).toBe(false);
    expect(response.body.transaction).toMatchObject({ id, status: 'escrow' });
    expect(response.body.transaction.courses[0]).toMatchObject({ parent_rating: 4, parent_review: 'Très bien' });
    const tx = await transaction(id);
    expect(tx.course).toMatchObject({ parent_rating: 4, parent_review: 'Très bien' });
    expect(ms(tx.course.rated_at)).toBeGreaterThanOrEqual(before);
    expect(tx.updated_at).toBe(tx.course.rated_at);
    expect(await disputeOf(id)).toBeUndefined();
  });

  it('stores no review when the parent leaves it empty', async () => {
    const { id, parent } = await paid();
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 5, review: '' } })).status).toBe(200);
    const tx = await transaction(id);
    expect(tx.course.parent_rating).toBe(5);
    expect(tx.course.parent_review).toBeUndefined();
  });

  it('answers with the dispute opened while the funds are held', async () => {
    const { id, parent } = await paid();
    const response = await call('rateCourse', parent, { params: { id }, body: { rating: 2, review: 'Retard' } });
    expect(response.body).toMatchObject({ dispute: true, transaction: { id, status: 'disputed' } });
    expect(response.body.transaction.courses[0]).toMatchObject({ parent_rating: 2, parent_review: 'Retard' });
  });

  it('records a low rating after the release with its review and date, for the admins, and moves no money', async () => {
    const { id, parent, tutor } = await paid();
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    const response = await call('rateCourse', parent, { params: { id }, body: { rating: 2, review: 'Décevant' } });
    expect(response.body).toMatchObject({ dispute: true, transaction: { status: 'released' } });
    const tx = await transaction(id);
    const dispute = await disputeOf(id);
    expect(dispute).toMatchObject({ status: 'open', rating: 2, review: 'Décevant', parent_id: parent.userId, tutor_user_id: tutor.userId });
    expect(dispute!.opened_at).toBe(tx.course.rated_at);
    expect(tx.status).toBe('released');
    expect((await ledgerOf(id)).filter((line) => line.movement === 'refund')).toEqual([]);
  });

  it('refuses a rating before the lesson, and of a lesson that does not exist', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor, { scheduledDate: new Date(Date.now() + 3_600_000).toISOString() });
    const early = await call('rateCourse', parent, { params: { id }, body: { rating: 5 } });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(messages.payments.ratingNotYet);
    expect((await transaction(id)).course.parent_rating).toBeUndefined();
    const unpaid = await book(parent, tutor);
    expect((await call('rateCourse', parent, { params: { id: unpaid.id }, body: { rating: 5 } })).status).toBe(409);
    const missing = await call('rateCourse', parent, { params: { id: '00000000-0000-4000-8000-000000000000' }, body: { rating: 5 } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(messages.payments.transactionNotFound);
  });

  it('says a lesson is already rated, and keeps the first rating', async () => {
    const { id, parent } = await paid();
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 3 } })).status).toBe(200);
    const again = await call('rateCourse', parent, { params: { id }, body: { rating: 5 } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.payments.alreadyRated);
    expect((await transaction(id)).course.parent_rating).toBe(3);
  });

  it('accepts one of two ratings sent at once', async () => {
    const { id, parent } = await paid();
    const before = await transaction(id);
    // Both read the transaction unrated; the conditional write lets one through.
    const results = await Promise.allSettled([
      rateCourse(id, parent.userId, { rating: 4 }),
      rateCourse(id, parent.userId, { rating: 5 }),
    ]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409, message: messages.payments.alreadyRated });
    const tx = await transaction(id);
    expect([4, 5]).toContain(tx.course.parent_rating);
    expect(tx.status).toBe(before.status);
  });

  it("refuses a rating of another parent's lesson even at the write", async () => {
    const { id } = await paid();
    const neighbour = await newPerson('parent');
    await expect(rateCourse(id, neighbour.userId, { rating: 1 })).rejects.toMatchObject({ statusCode: 403 });
    expect((await transaction(id)).course.parent_rating).toBeUndefined();
  });

  it("refuses another parent's rating of a released lesson as forbidden, not as already rated", async () => {
    const { id, parent } = await paid();
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    const neighbour = await newPerson('parent');
    for (const rating of [5, 1]) {
      const response = await call('rateCourse', neighbour, { params: { id }, body: { rating } });
      expect(response.status, String(rating)).toBe(403);
    }
    expect((await transaction(id)).course.parent_rating).toBeUndefined();
    expect(await disputeOf(id)).toBeUndefined();
  });

  it('answers 500 when the rating cannot be written for another reason than a refusal, and accepts it again', async () => {
    const { id, parent } = await paid();
    const fault = injectDynamoFault({
      command: 'TransactWriteItemsCommand',
      times: 1,
      when: (input) => JSON.stringify(input.TransactItems ?? []).includes(`TX#${id}`),
      error: throttled,
    });
    try {
      const failed = await call('rateCourse', parent, { params: { id }, body: { rating: 4 } });
      expect(failed.status).toBe(500);
      expect(failed.body.error.message).not.toBe(messages.payments.alreadyRated);
      expect(fault.failed).toBe(1);
    } finally {
      fault.remove();
    }
    expect((await transaction(id)).course.parent_rating).toBeUndefined();
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 4 } })).status).toBe(200);
    expect((await transaction(id)).course.parent_rating).toBe(4);
  });
});

describe("the admins' view of a dispute opened after the release", () => {
  async function activeDisputes(admin: Person): Promise<number> {
    const response = await call('adminStats', admin);
    expect(response.status).toBe(200);
    return response.body.active_disputes as number;
  }

  it('lists it among the open disputes and counts it as active', async () => {
    const { id, parent } = await paid();
    const admin = await newPerson('admin');
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    const before = await activeDisputes(admin);
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 1, review: 'Absent' } })).body.dispute).toBe(true);
    const listed = await call('adminDisputes', admin);
    expect(listed.status).toBe(200);
    const dispute = (listed.body.disputes as Array<Record<string, any>>).find((item) => item.transaction_id === id);
    expect(dispute).toMatchObject({ status: 'open', rating: 1, review: 'Absent', transaction: { id, status: 'released' } });
    expect(await activeDisputes(admin)).toBe(before + 1);
  });
});
