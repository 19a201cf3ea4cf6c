/** Racing escrow decisions and who may take them: DynamoDB's conditional writes decide. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, type TestUser } from '../support/stack.js';
import { adminTransactionView, bookOk, eventually, expectBalanced, ledgerOf, partition, payOnCheckout, statusOf } from './payments-helpers.js';
import { adminSession } from '../support/admin-session.js';

async function escrowed(parent: TestUser): Promise<string> {
  const { id, url } = await bookOk(parent.accessToken);
  await payOnCheckout(url);
  await eventually(() => statusOf(id), (s) => s === 'escrow');
  return id;
}

const decide = (id: string, token: string, action: 'release' | 'refund', adminNotes?: string) =>
  api(`/api/transactions/${id}/escrow`, { method: 'POST', token, body: { action, ...(adminNotes ? { adminNotes } : {}) } });

describe('escrow decisions under concurrency', () => {
  it('lets exactly one of 50 concurrent release/refund calls succeed; the others get 409', async () => {
    const parent = await newUser('parent');
    const id = await escrowed(parent);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => decide(id, parent.accessToken, i % 2 === 0 ? 'release' : 'refund')),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(responses.find((r) => r.status === 409)!.body.error.message).toBe('Cette transaction a déjà été traitée');

    const final = await eventually(() => statusOf(id), (s) => s === 'released' || s === 'refunded');
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    const movements = new Set(ledger.map((line) => line.movement));
    expect(movements.has('release') && movements.has('refund')).toBe(false);
    expect(movements.has(final === 'released' ? 'release' : 'refund')).toBe(true);
  });
});

describe('who may decide', () => {
  let parent: TestUser;
  let id: string;
  beforeAll(async () => {
    parent = await newUser('parent');
    id = await escrowed(parent);
  });

  it('refuses another parent (403) and changes nothing', async () => {
    const other = await newUser('parent');
    const before = await partition(id);
    const response = await decide(id, other.accessToken, 'release');
    expect(response.status).toBe(403);
    expect(await partition(id)).toEqual(before);
    // Nor may it read the invoice.
    expect((await api(`/api/transactions/${id}/invoice`, { token: other.accessToken })).status).toBe(404);
  });

  it('refuses a tutor (403), even the tutor of the lesson', async () => {
    const tutor = await newUser('tuteur');
    expect((await decide(id, tutor.accessToken, 'release')).status).toBe(403);
    expect(await statusOf(id)).toBe('escrow');
  });

  it('refuses an unknown action in French and writes nothing', async () => {
    const response = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: parent.accessToken, body: { action: 'steal' } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Action invalide');
    expect(await statusOf(id)).toBe('escrow');
  });

  it('lets an admin release with notes, and the same numbers show in every view', async () => {
    const { accessToken } = await adminSession();
    const response = await decide(id, accessToken, 'release', 'Cours confirmé par téléphone');
    expect(response.status).toBe(200);
    const tx = (await partition(id)).find((item) => item.sk === 'TRANSACTION')!;
    expect(tx.admin_notes).toBe('Cours confirmé par téléphone');

    const parentView = (await api('/api/transactions', { token: parent.accessToken })).body.transactions[0];
    const adminView = await adminTransactionView(id, accessToken);
    const invoice = (await api(`/api/transactions/${id}/invoice`, { token: parent.accessToken })).body;
    for (const view of [parentView, adminView, invoice.transaction]) {
      expect(view).toMatchObject({ amount_total: tx.amount_total, amount_tutor: tx.amount_tutor, commission_amount: tx.commission_amount });
    }
    expect(invoice.invoice_number).toBe(id.slice(0, 8).toUpperCase());
    expect(parentView).not.toHaveProperty('task_token');
  });
});

describe('property: random action sequences against DynamoDB Local', () => {
  it('keeps every ledger balanced and each transaction in one final state (25 random sequences)', async () => {
    const { accessToken: adminToken } = await adminSession();
    const parent = await newUser('parent');
    const other = await newUser('parent');
    const actionArb = fc.tuple(fc.constantFrom('release', 'refund', 'rate-low', 'rate-high'), fc.constantFrom('parent', 'admin', 'other'));
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 6 }), fc.boolean(), async (actions, concurrent) => {
        const id = await escrowed(parent);
        const run = ([action, who]: [string, string]) => {
          const token = who === 'admin' ? adminToken : who === 'other' ? other.accessToken : parent.accessToken;
          if (action === 'rate-low' || action === 'rate-high') {
            return api(`/api/transactions/${id}/rating`, { method: 'POST', token, body: { rating: action === 'rate-low' ? 1 : 5, review: 'Avis' } });
          }
          return decide(id, token, action as 'release' | 'refund');
        };
        const responses = concurrent ? await Promise.all(actions.map(run)) : await actions.reduce(async (prev, a) => [...(await prev), await run(a)], Promise.resolve([] as Awaited<ReturnType<typeof run>>[]));
        for (const response of responses) expect([200, 403, 409]).toContain(response.status);
        // Let the workflow finish a refund it may have started.
        const status = await eventually(() => statusOf(id), (s) => s !== 'refund_pending');
        const ledger = await ledgerOf(id);
        expectBalanced(ledger);
        const movements = ledger.map((line) => line.movement);
        expect(movements.filter((m) => m === 'payment')).toHaveLength(2);
        expect(movements.includes('release') && movements.includes('refund')).toBe(false);
        if (status === 'released') expect(movements).toContain('release');
        if (status === 'refunded') expect(movements).toContain('refund');
        if (status === 'escrow' || status === 'disputed') expect(movements).toEqual(['payment', 'payment']);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});

