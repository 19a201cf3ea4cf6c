/**
 * What a cancelled lesson costs whom (issue 15, point 3). The policy is data, shown to the parent
 * before paying and to whoever cancels before they confirm; `cancellationOutcome` applies it.
 *
 * - The parent cancels ≥ 24 h before the start: full refund.
 * - The parent cancels later (before the start): half refunded; the other half is the tutor's
 *   compensation, on which the platform keeps its commission, as on any lesson.
 * - The tutor cancels (any time before the start): full refund, and it counts on their profile.
 * - After the start nobody cancels: the parent confirms, or reports a problem or a no-show.
 *
 * Money stays balanced: refund + tutor + commission = the amount paid, in whole FCFA.
 */
import { commissionOf, type Fcfa } from './money.js';

export type CancelledBy = 'parent' | 'tuteur';

export interface CancellationBand {
  /** The band applies when the cancellation comes at least this long before the start. */
  min_hours_before: number;
  /** Share of the amount paid given back to the parent, in percent. */
  refund_percent: number;
}

export interface CancellationPolicy {
  parent: readonly CancellationBand[];
  tuteur: CancellationBand;
  /** A tutor's cancellation is counted on their profile (cancellation rate). */
  tutor_cancellation_counts: boolean;
}

export const CANCELLATION_POLICY: CancellationPolicy = {
  parent: [
    { min_hours_before: 24, refund_percent: 100 },
    { min_hours_before: 0, refund_percent: 50 },
  ],
  tuteur: { min_hours_before: 0, refund_percent: 100 },
  tutor_cancellation_counts: true,
};

export interface CancellationOutcome {
  band: CancellationBand;
  refund: Fcfa;
  tutor: Fcfa;
  commission: Fcfa;
}

const HOUR = 3_600_000;

/** The outcome of cancelling now, or null when it is too late to cancel (the lesson has started). */
export function cancellationOutcome(
  input: { by: CancelledBy; lessonStart: Date; now: Date; amount: Fcfa },
  policy: CancellationPolicy = CANCELLATION_POLICY,
): CancellationOutcome | null {
  const hoursBefore = (input.lessonStart.getTime() - input.now.getTime()) / HOUR;
  if (!(hoursBefore > 0)) return null;
  const bands = input.by === 'tuteur' ? [policy.tuteur] : [...policy.parent].sort((a, b) => b.min_hours_before - a.min_hours_before);
  const band = bands.find((candidate) => hoursBefore >= candidate.min_hours_before);
  if (!band) return null;
  const refund = Math.round((input.amount * band.refund_percent) / 100);
  const kept = input.amount - refund;
  const commission = commissionOf(kept);
  return { band, refund, tutor: kept - commission, commission };
}
