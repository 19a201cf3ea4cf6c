/**
 * The trial guarantee in French words, written from its data (TRIAL_GUARANTEE, shared/src/packages.ts):
 * the booking dialog shows it before the parent pays, 'Mes cours' with a first lesson, the tutor
 * before accepting one. A change of the guarantee's figures changes these sentences.
 */
import { formatFcfa } from '#shared/money';
import { guaranteeTutorShare, TRIAL_GUARANTEE, type GuaranteeAllowance } from '#shared/package-schemas';

/** No-break space: '24 h' and '50 %' never wrap between the figure and its unit. */
const NBSP = '\u00a0';

/** The guarantee's figures (TRIAL_GUARANTEE, or others in the tests). */
type GuaranteeFigures = { readonly [K in keyof typeof TRIAL_GUARANTEE]: number };

const times = (count: number) => (count === 1 ? 'une fois' : `${count} fois`);

/**
 * "Premier cours garanti : s'il ne convient pas, dites-le dans les 24 h après le cours :
 * remboursement intégral ou un autre répétiteur offert (2 fois par an)."
 */
export function guaranteeTerms(guarantee: GuaranteeFigures = TRIAL_GUARANTEE): string {
  return `Premier cours garanti : s'il ne convient pas, dites-le dans les ${guarantee.claim_window_hours}${NBSP}h après le cours : remboursement intégral ou un autre répétiteur offert (${times(guarantee.max_per_year)} par an).`;
}

/** What is left of the guarantee this year: "Il vous reste 2 garanties sur 2 cette année." */
export function allowanceLabel(allowance: GuaranteeAllowance, guarantee: GuaranteeFigures = TRIAL_GUARANTEE): string {
  if (allowance.remaining <= 0) return `Vous avez déjà utilisé la garantie ${times(guarantee.max_per_year)} cette année : ce cours n'est pas couvert.`;
  const plural = allowance.remaining > 1 ? 's' : '';
  return `Il vous reste ${allowance.remaining} garantie${plural} sur ${guarantee.max_per_year} cette année.`;
}

/**
 * The rule a tutor reads before accepting a first lesson: "Premier cours avec ce parent : s'il fait
 * jouer la garantie, vous recevez 50 % de votre part de la première heure (1 800 FCFA), payés par Kalan."
 */
export function tutorGuaranteeRule(hourlyRate: number, guarantee: GuaranteeFigures = TRIAL_GUARANTEE): string {
  return `Premier cours avec ce parent : s'il fait jouer la garantie, vous recevez ${guarantee.tutor_share_percent}${NBSP}% de votre part de la première heure (${formatFcfa(guaranteeTutorShare(hourlyRate, guarantee))}), payés par Kalan.`;
}
