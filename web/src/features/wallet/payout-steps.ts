import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '#shared/payouts';

export type StepState = 'done' | 'current' | 'todo' | 'failed';

/**
 * The steps a tutor sees: Demandé → Envoyé (or 'En vérification') → Payé, the last one replaced by
 * where it stopped (Échoué / Annulé). Pure, unit-tested.
 */
export function payoutSteps(status: PayoutStatus): Array<{ label: string; state: StepState }> {
  const reached = { requested: 0, sent: 1, needs_attention: 1, paid: 2, failed: 2, reversed: 2, cancelled: 2 }[status];
  const stopped = status === 'failed' || status === 'reversed' || status === 'cancelled';
  return [
    { label: PAYOUT_STATUS_LABELS.requested, state: reached === 0 ? 'current' : 'done' },
    {
      label: status === 'needs_attention' ? PAYOUT_STATUS_LABELS.needs_attention : PAYOUT_STATUS_LABELS.sent,
      state: reached === 1 ? 'current' : reached > 1 ? 'done' : 'todo',
    },
    { label: stopped ? PAYOUT_STATUS_LABELS[status] : PAYOUT_STATUS_LABELS.paid, state: status === 'paid' ? 'done' : stopped ? 'failed' : 'todo' },
  ];
}

/** The amount typed ('12 500', '12500'): an integer of FCFA, or NaN (withdrawalAmountError then says why). */
export function typedAmount(text: string): number {
  const digits = text.replace(/[\s\u00a0\u202f.]/g, '');
  return /^\d{1,12}$/.test(digits) ? Number(digits) : Number.NaN;
}
