/**
 * The cancellation policy in French words, written from its data (shared/src/cancellation-policy.ts)
 * and the tutor's answer window (transaction-process.ts): the booking dialog shows the terms before
 * the parent pays, and 'Mes cours' what a cancellation gives back before anyone confirms it. A
 * change of the policy's figures changes these sentences; nothing here repeats a figure.
 */
import { CANCELLATION_POLICY, type CancellationBand, type CancellationOutcome, type CancellationPolicy } from '#shared/cancellation-policy';
import type { LessonSide, LessonView } from '#shared/lesson-schemas';
import { formatFcfa } from '#shared/money';
import { DEFAULT_ANSWER_WINDOW_SECONDS } from '#shared/transaction-process';
import { frenchMoment } from './lesson-dates';

/** No-break space: '24 h' and '50 %' never wrap between the figure and its unit. */
const NBSP = '\u00a0';
const hours = (value: number) => `${value}${NBSP}h`;
const percent = (value: number) => `${value}${NBSP}%`;

/** Until when a band applies: '24 h avant le cours', or the start itself. */
function until(band: CancellationBand): string {
  return band.min_hours_before > 0 ? `jusqu'à ${hours(band.min_hours_before)} avant le cours` : "jusqu'au début du cours";
}

function refundOf(band: CancellationBand): string {
  if (band.refund_percent >= 100) return 'remboursement intégral';
  if (band.refund_percent <= 0) return 'aucun remboursement';
  return `${percent(band.refund_percent)} remboursés`;
}

/**
 * What a parent gets back when cancelling, band by band, from the earliest:
 * "Annulation gratuite jusqu'à 24 h avant le cours ; ensuite 50 % remboursés jusqu'au début du cours."
 */
export function parentCancellationTerms(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  const bands = [...policy.parent].sort((a, b) => b.min_hours_before - a.min_hours_before);
  const parts = bands.map((band, i) => {
    if (i === 0) return band.refund_percent >= 100 ? `Annulation gratuite ${until(band)}` : `Annulation ${until(band)} : ${refundOf(band)}`;
    return `ensuite ${refundOf(band)} ${until(band)}`;
  });
  return `${parts.join(' ; ')}. Une fois le cours commencé, il ne peut plus être annulé.`;
}

/** What the parent gets when the tutor cancels: 'Si le répétiteur annule, vous êtes remboursé intégralement.' */
export function tutorCancellationTerms(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  const refund = policy.tuteur.refund_percent;
  return refund >= 100
    ? 'Si le répétiteur annule, vous êtes remboursé intégralement.'
    : `Si le répétiteur annule, ${percent(refund)} du montant vous sont remboursés.`;
}

/** The tutor's answer: 'Le répétiteur doit confirmer le cours sous 24 h ; sans réponse, vous êtes remboursé intégralement.' */
export function answerWindowTerms(answerWindowSeconds: number = DEFAULT_ANSWER_WINDOW_SECONDS): string {
  return `Le répétiteur doit confirmer le cours sous ${hours(Math.round(answerWindowSeconds / 3600))} (et avant son début) ; sans réponse de sa part, vous êtes remboursé intégralement.`;
}

/**
 * What cancelling now gives back, for the confirmation of `side`'s cancellation:
 * 'Vous serez remboursé de 12 000 FCFA (la totalité du montant payé).',
 * 'Le parent sera remboursé intégralement (12 000 FCFA) ; cette annulation comptera sur votre profil.'
 * `outcome` null: too late, the lesson has started.
 */
export function cancellationConsequence(
  outcome: CancellationOutcome | null,
  side: LessonSide,
  amount: number,
  policy: CancellationPolicy = CANCELLATION_POLICY,
): string {
  if (!outcome) return 'Le cours a commencé : il ne peut plus être annulé.';
  const full = outcome.refund >= amount;
  if (side === 'tutor') {
    const refund = full ? `Le parent sera remboursé intégralement (${formatFcfa(outcome.refund)})` : `Le parent sera remboursé de ${formatFcfa(outcome.refund)}`;
    return `${refund}${policy.tutor_cancellation_counts ? ' ; cette annulation comptera sur votre profil' : ''}.`;
  }
  if (full) return `Vous serez remboursé de ${formatFcfa(outcome.refund)} (la totalité du montant payé).`;
  const refund = outcome.refund > 0 ? `Vous serez remboursé de ${formatFcfa(outcome.refund)} (${percent(outcome.band.refund_percent)})` : 'Vous ne serez pas remboursé';
  const within = bandAbove(policy, outcome.band);
  const why = within === undefined ? '' : ` : le cours commence dans moins de ${hours(within)}`;
  return `${refund}${why} ; le reste dédommage le répétiteur.`;
}

/** The hours before the start at which the next, more generous band of the parent's begins. */
function bandAbove(policy: CancellationPolicy, band: CancellationBand): number | undefined {
  const above = policy.parent.map((candidate) => candidate.min_hours_before).filter((min) => min > band.min_hours_before);
  return above.length ? Math.min(...above) : undefined;
}

/**
 * What a lesson that did not take place gave back, said the same way whoever ended it (issue 28):
 * 'Annulé par le parent le … : 2 000 FCFA remboursés au parent.', 'Demande refusée par le
 * répétiteur : 4 000 FCFA remboursés au parent.' A declined or unanswered request gives back the
 * whole amount (transaction-process.ts). Null for a lesson that gave nothing back.
 */
export function refundNote(lesson: Pick<LessonView, 'amount_total' | 'outcome' | 'cancellation'>): string | null {
  const refunded = (amount: number) => `${formatFcfa(amount)} remboursés au parent.`;
  if (lesson.cancellation) {
    const by = lesson.cancellation.by === 'tutor' ? 'le répétiteur' : 'le parent';
    return `Annulé par ${by} le ${frenchMoment(lesson.cancellation.at)} : ${refunded(lesson.cancellation.refund)}`;
  }
  if (lesson.outcome === 'declined') return `Demande refusée par le répétiteur : ${refunded(lesson.amount_total)}`;
  if (lesson.outcome === 'no_answer') return `Demande restée sans réponse du répétiteur : ${refunded(lesson.amount_total)}`;
  return null;
}
