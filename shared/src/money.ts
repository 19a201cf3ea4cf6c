import { COMMISSION_RATE } from './constants.js';

/**
 * Money in the domain is always an integer number of FCFA (XOF has no subunit in use).
 * Paystack's subunits exist only inside the Paystack client.
 */
export type Fcfa = number;

const GROUP = '\u00a0'; // no-break space: "15 000 FCFA" never wraps between its digits

function assertFcfa(amount: number, name: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${name} doit être un nombre entier positif de FCFA (reçu ${amount})`);
  }
}

/** Groups thousands with a no-break space: 15000 → "15 000". */
export function formatAmount(amount: Fcfa): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(Math.round(amount)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
}

/** 15000 → "15 000 FCFA". */
export function formatFcfa(amount: Fcfa): string {
  return `${formatAmount(amount)}${GROUP}FCFA`;
}

/** Commission of the platform on a total: round(10 %). */
export function commissionOf(total: Fcfa): Fcfa {
  assertFcfa(total, 'Le montant');
  return Math.round(total * COMMISSION_RATE);
}

export interface LessonPrice {
  total: Fcfa;
  commission: Fcfa;
  tutor: Fcfa;
}

/** Price of a lesson: total = hourly rate × hours; tutor share + commission = total, always. */
export function priceLesson(hourlyRate: Fcfa, hours: number): LessonPrice {
  assertFcfa(hourlyRate, 'Le tarif horaire');
  if (!Number.isInteger(hours) || hours <= 0) throw new RangeError(`Durée invalide : ${hours}`);
  const total = hourlyRate * hours;
  const commission = commissionOf(total);
  return { total, commission, tutor: total - commission };
}
