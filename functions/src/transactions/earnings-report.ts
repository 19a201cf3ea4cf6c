/** Mes Revenus as plain functions: period totals, chart buckets and history from the tutor's transactions. */
import { periodStart, type EarningsPeriod } from '#shared/payments';
import type { EarningsPoint, EarningsResponse, TransactionView } from '#shared/payments-schemas';

const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const DAY_MS = 24 * 60 * 60 * 1000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const isoMonth = (date: Date) => date.toISOString().slice(0, 7);

/** Empty buckets covering the period: days for week and month, months for year (UTC = Abidjan). */
export function chartBuckets(period: EarningsPeriod, from: Date, now: Date): EarningsPoint[] {
  if (period === 'year') {
    return Array.from({ length: now.getUTCMonth() + 1 }, (_, month) => {
      const date = new Date(Date.UTC(now.getUTCFullYear(), month, 1));
      return { bucket: isoMonth(date), label: MONTHS[month]!, received: 0 };
    });
  }
  const points: EarningsPoint[] = [];
  const first = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  for (let day = first; day.getTime() <= now.getTime(); day = new Date(day.getTime() + DAY_MS)) {
    points.push({
      bucket: isoDay(day),
      label: `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}`,
      received: 0,
    });
  }
  return points;
}

const HELD = new Set(['escrow', 'disputed']);
const HIDDEN_FROM_TUTOR = new Set(['pending', 'failed']);

export function computeEarnings(period: EarningsPeriod, transactions: readonly TransactionView[], now: Date): EarningsResponse {
  const from = periodStart(period, now);
  const inPeriod = (iso: string | undefined) => iso !== undefined && new Date(iso).getTime() >= from.getTime() && new Date(iso).getTime() <= now.getTime();
  const released = transactions.filter((tx) => tx.status === 'released' && inPeriod(tx.escrow_released_at));
  const chart = chartBuckets(period, from, now);
  const byBucket = new Map(chart.map((point) => [point.bucket, point]));
  for (const tx of released) {
    const date = new Date(tx.escrow_released_at!);
    const point = byBucket.get(period === 'year' ? isoMonth(date) : isoDay(date));
    if (point) point.received += tx.amount_tutor;
  }
  const ratings = transactions.flatMap((tx) => tx.courses.map((course) => course.parent_rating)).filter((r): r is number => r !== undefined);
  return {
    period,
    from: from.toISOString(),
    to: now.toISOString(),
    received: released.reduce((sum, tx) => sum + tx.amount_tutor, 0),
    pending: transactions.filter((tx) => HELD.has(tx.status)).reduce((sum, tx) => sum + tx.amount_tutor, 0),
    lessons_given: released.length,
    average_rating: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : null,
    rated_courses: ratings.length,
    chart,
    transactions: transactions.filter(
      (tx) => !HIDDEN_FROM_TUTOR.has(tx.status) && (inPeriod(tx.created_at) || inPeriod(tx.paid_at) || inPeriod(tx.escrow_released_at) || inPeriod(tx.refunded_at)),
    ),
  };
}
