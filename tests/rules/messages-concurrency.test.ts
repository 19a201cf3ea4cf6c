/**
 * Messages under concurrency (issue 31, 'Rules: unread counts and 'lu' under concurrent senders'):
 * both participants send at once, and read at once, on one conversation; the handlers run in this
 * process against DynamoDB Local. Whatever the interleaving: seqs 1..N without gaps or
 * duplicates, each side's unread count equal to the other side's messages after its read position,
 * and 'lu' exactly up to that position. Also measures the write units of one message.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '#commons/clients/dynamodb';
import { env } from '#commons/env';
import { call, newPerson, newTutor, type Person } from './harness.js';

const PER_SIDE = 8;

async function conversationItems(id: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `CONV#${id}` }, ConsistentRead: true }),
  );
  return Items;
}

/** The invariants of a conversation's counters against its messages. */
function expectExact(items: Array<Record<string, any>>, expectedCount: number) {
  const conversation = items.find((item) => item.sk === 'CONV')!;
  const messages = items.filter((item) => item.sk.startsWith('MSG#')).sort((a, b) => a.seq - b.seq);
  expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: expectedCount }, (_, i) => i + 1));
  expect(conversation.message_count).toBe(expectedCount);
  for (const side of ['parent', 'tutor'] as const) {
    const other = side === 'parent' ? 'tutor' : 'parent';
    const readSeq = conversation[`${side}_read_seq`];
    expect(conversation[`unread_${side}`], `unread_${side}`).toBe(messages.filter((m) => m.sender === other && m.seq > readSeq).length);
    // Writing means having read: a side's read position is at least its own newest message.
    const ownNewest = Math.max(0, ...messages.filter((m) => m.sender === side).map((m) => m.seq));
    expect(readSeq).toBeGreaterThanOrEqual(ownNewest);
  }
  return conversation;
}

/** Consumed write units of the messages' TransactWriteItems (ReturnConsumedCapacity asked by a middleware). */
const consumed: number[] = [];
const recorder = 'kalanMessageCapacity';
beforeAll(() => {
  documentClient.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, any>;
      const isMessage = /TransactWrite/.test(context.commandName ?? '') && (input.TransactItems as Array<Record<string, any>>).some((t) => String(t.Put?.Item?.sk ?? '').startsWith('MSG#'));
      if (isMessage) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const capacity = (result.output as { ConsumedCapacity?: Array<{ CapacityUnits?: number }> }).ConsumedCapacity;
      if (isMessage && capacity) consumed.push(capacity.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0));
      return result;
    },
    { step: 'initialize', name: recorder, priority: 'low' },
  );
});
afterAll(() => {
  documentClient.middlewareStack.remove(recorder);
});

async function openedBy(parent: Person, tutorId: string): Promise<string> {
  const opened = await call('startConversation', parent, { body: { tutor_id: tutorId } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.id;
}

describe('one conversation, both sides at once', () => {
  it(`${PER_SIDE * 2} concurrent senders: seqs 1..N without gaps or duplicates, unread counts exact`, async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const id = await openedBy(parent, tutor.tutorId);
    const sends = [...Array(PER_SIDE).keys()].flatMap((i) => [
      call('sendMessage', parent, { params: { id }, body: { request_id: randomUUID(), body: `Parent ${i}` } }),
      call('sendMessage', tutor, { params: { id }, body: { request_id: randomUUID(), body: `Tuteur ${i}` } }),
    ]);
    const results = await Promise.all(sends);
    expect(results.map((r) => r.status)).toEqual(Array(PER_SIDE * 2).fill(201));
    expect(new Set(results.map((r) => r.body.message.seq)).size).toBe(PER_SIDE * 2);
    expectExact(await conversationItems(id), PER_SIDE * 2);
    console.log(`[messages] write units of one message (TransactWriteItems, ReturnConsumedCapacity TOTAL): ${[...new Set(consumed)].sort().join(', ')} (${consumed.length} writes)`);
  });

  it("concurrent reads while messages arrive: the counters stay exact, and 'lu' marks right after the reads", async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const id = await openedBy(parent, tutor.tutorId);
    const read = (reader: Person, readSeq: number) => call('markConversationRead', reader, { params: { id }, body: { read_seq: readSeq } });
    // The parent sends while the tutor reads at several positions, from several tabs.
    const work = [...Array(PER_SIDE).keys()].flatMap((i) => [
      call('sendMessage', parent, { params: { id }, body: { request_id: randomUUID(), body: `Question ${i}` } }),
      read(tutor, i + 1),
      read(tutor, PER_SIDE),
    ]);
    const results = await Promise.all(work);
    for (const result of results) expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
    expectExact(await conversationItems(id), PER_SIDE);

    // Then the tutor's tabs read everything at once: 'lu' on all the parent's messages, nothing unread.
    const finals = await Promise.all([read(tutor, PER_SIDE), read(tutor, PER_SIDE - 1), read(tutor, PER_SIDE + 5)]);
    expect(finals.map((r) => r.status)).toEqual([200, 200, 200]);
    const conversation = expectExact(await conversationItems(id), PER_SIDE);
    expect(conversation.tutor_read_seq).toBe(PER_SIDE);
    expect(conversation.unread_tutor).toBe(0);
    const page = await call('getConversationMessages', parent, { params: { id } });
    expect(page.body.messages.map((m: { read: boolean }) => m.read)).toEqual(Array(PER_SIDE).fill(true));

    // The tutor answers twice at once while the parent reads at once: the parent's counters exact too.
    const answers = await Promise.all([
      call('sendMessage', tutor, { params: { id }, body: { request_id: randomUUID(), body: 'Oui' } }),
      call('sendMessage', tutor, { params: { id }, body: { request_id: randomUUID(), body: 'Samedi' } }),
      read(parent, PER_SIDE + 1),
      read(parent, PER_SIDE + 2),
    ]);
    for (const result of answers) expect(result.status).toBeLessThan(300);
    expectExact(await conversationItems(id), PER_SIDE + 2);
    const tutorView = await call('getConversationMessages', tutor, { params: { id } });
    const parentReadSeq = (await conversationItems(id)).find((item) => item.sk === 'CONV')!.parent_read_seq;
    for (const message of tutorView.body.messages.filter((m: { mine: boolean }) => m.mine)) expect(message.read).toBe(message.seq <= parentReadSeq);
  });

  it('the same request sent twice at once makes one message', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const id = await openedBy(parent, tutor.tutorId);
    const body = { request_id: randomUUID(), body: 'Double appui' };
    const results = await Promise.all([1, 2, 3].map(() => call('sendMessage', parent, { params: { id }, body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.body.message.seq))).toEqual(new Set([1]));
    expectExact(await conversationItems(id), 1);
  });
});
