/**
 * The float (issue 30): what each provider holds for our payouts against what the next 24 hours
 * will ask of it — the net of the payouts waiting to be sent or confirmed, plus the last 7 days'
 * daily average of net paid. Read by the admin's console and by the payouts reconciler, which
 * publishes the shortfall (`PayoutFloatShortfall`, alarmed by infra/lib/monitoring.ts).
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { PAYOUT_PROVIDERS, type PayoutProviderName, type PayoutStatus } from '#shared/payouts';
import type { ProviderFloat } from '#shared/payouts-schemas';
import { kalanTable } from '#commons/db';
import { logger } from '#commons/logger';
import { PayoutEntity, payoutsByStatusIndex } from './entities.js';
import { providerNamed } from './providers/index.js';

/** Payouts the provider will be asked to pay (or is paying) now; one needing attention may be retried (as payouts/reconcile.ts counts them). */
const PENDING_STATUSES: readonly PayoutStatus[] = ['requested', 'sent', 'needs_attention'];
const AVERAGE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Need {
  pending: number;
  paidLastWeek: number;
}

/** Net amounts per provider of the payouts of `status` (created since `since`, when given). */
async function netByProvider(status: PayoutStatus, since?: string): Promise<Map<PayoutProviderName, number>> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(PayoutEntity)
    .query({ index: 'gsi2', partition: payoutsByStatusIndex(status), ...(since ? { range: { gte: since } } : {}) })
    .options({ maxPages: Infinity, attributes: ['id', 'provider', 'net'] })
    .send();
  const sums = new Map<PayoutProviderName, number>();
  for (const payout of Items) sums.set(payout.provider, (sums.get(payout.provider) ?? 0) + payout.net);
  return sums;
}

/** The expected need of the next 24 hours, per provider (FCFA, integer). */
export async function expectedNeeds(now = new Date()): Promise<Map<PayoutProviderName, number>> {
  const since = new Date(now.getTime() - AVERAGE_DAYS * DAY_MS).toISOString();
  const [paid, ...pendings] = await Promise.all([netByProvider('paid', since), ...PENDING_STATUSES.map((status) => netByProvider(status))]);
  const needs = new Map<PayoutProviderName, number>();
  for (const provider of PAYOUT_PROVIDERS) {
    const need: Need = { pending: pendings.reduce((sum, sums) => sum + (sums.get(provider) ?? 0), 0), paidLastWeek: paid!.get(provider) ?? 0 };
    needs.set(provider, need.pending + Math.ceil(need.paidLastWeek / AVERAGE_DAYS));
  }
  return needs;
}

/** Each provider's balance (null when it could not be read) against its expected need. */
export async function providerFloats(now = new Date()): Promise<ProviderFloat[]> {
  const needs = await expectedNeeds(now);
  return Promise.all(
    PAYOUT_PROVIDERS.map(async (provider): Promise<ProviderFloat> => {
      let balance: number | null = null;
      try {
        balance = await providerNamed(provider).balance();
      } catch (error) {
        logger.warn('Provider balance unreadable', { provider, error: (error as Error).message });
      }
      const expected = needs.get(provider) ?? 0;
      return { provider, balance, expected_24h: expected, short: balance !== null && balance < expected, read_at: new Date().toISOString() };
    }),
  );
}

/** FCFA missing at a provider for the next 24 hours (0 when it holds enough, or could not be read). */
export const shortfallOf = (float: ProviderFloat): number => (float.balance === null ? 0 : Math.max(0, float.expected_24h - float.balance));
