/**
 * What a booking writes (issue 14, point 6) on the real engines: the transaction item, rewritten at
 * every step of its life, is in no index and stays under 1 KB — one write unit per write —, each
 * wait of the workflow keeps its task token in a small item of its own, and the parent's and the
 * tutor's lists read a row written once; a transaction booked before those rows is listed still.
 */
import { describe, expect, it } from 'vitest';
import { transactionsOfTutor } from '../../functions/src/payments/transactions.js';
import { itemSize } from '../support/item-size.js';
import { bookAndPay, call, deleteInPartition, newPerson, newTutor, partition, setOnTransaction, untilWaiting } from './harness.js';

const INDEX_KEYS = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];

describe('a completed booking', () => {
  it('leaves its transaction in no index and under 1 KB, and each wait’s token in an item of its own', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    await untilWaiting(id, 'escrow');
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);

    const items = await partition(id);
    const tx = items.find((item) => item.sk === 'TRANSACTION')!;
    expect(tx.status).toBe('released');
    expect(Object.keys(tx).filter((name) => INDEX_KEYS.includes(name) || name.startsWith('task_') || name === 'execution_arn')).toEqual([]);
    expect(itemSize(tx), 'la transaction payée puis libérée tient dans 1 Ko').toBeLessThanOrEqual(1024);

    const tokens = items.filter((item) => String(item.sk).startsWith('TOKEN#'));
    expect(tokens.map((item) => [item.sk, item.task_status]).sort()).toEqual([
      ['TOKEN#escrow', 'escrow'],
      ['TOKEN#pending', 'pending'],
    ]);
    for (const token of tokens) expect(Object.keys(token).filter((name) => INDEX_KEYS.includes(name))).toEqual([]);
    const lists = items.find((item) => item.sk === 'LISTS')!;
    expect(lists).toMatchObject({ gsi1pk: `PARENT_TX#${parent.userId}`, gsi2pk: `TUTOR_TX#${tutor.userId}` });
    expect(lists.gsi1sk).toBe(lists.gsi2sk);
  });
});

describe('the lists of a parent and of a tutor', () => {
  it('list, newest first, a transaction booked before the lists rows (its keys on the transaction) with the newer ones', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const older = await bookAndPay(parent, tutor);
    const newer = await bookAndPay(parent, tutor);
    // As booked before issue 14: the list keys on the transaction itself, no lists row.
    const row = (await partition(older.id)).find((item) => item.sk === 'LISTS')!;
    await deleteInPartition(older.id, 'LISTS');
    await setOnTransaction(older.id, { gsi1pk: row.gsi1pk, gsi1sk: row.gsi1sk, gsi2pk: row.gsi2pk, gsi2sk: row.gsi2sk });

    const mine = await call('listMyTransactions', parent);
    expect(mine.status).toBe(200);
    expect(mine.body.transactions.map((tx: { id: string }) => tx.id)).toEqual([newer.id, older.id]);
    expect((await transactionsOfTutor(tutor.userId)).map((tx) => tx.id)).toEqual([newer.id, older.id]);
  });
});
