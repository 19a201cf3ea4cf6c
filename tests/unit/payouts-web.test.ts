/**
 * The pure parts of the tutor's payout screens (issue 30): the steps a payout shows (Demandé →
 * Envoyé → Payé, or where it stopped) and the amount as typed in 'Retirer', checked with the
 * shared rules (quotePayout, withdrawalAmountError) the dialog uses.
 */
import { quotePayout, withdrawalAmountError } from '#shared/payouts';
import { describe, expect, it } from 'vitest';
import { payoutSteps, typedAmount } from '../../web/src/features/wallet/payout-steps';

const view = (status: Parameters<typeof payoutSteps>[0]) => payoutSteps(status).map((step) => `${step.label}:${step.state}`);

describe("a payout's steps", () => {
  it('moves Demandé → Envoyé → Payé', () => {
    expect(view('requested')).toEqual(['Demandé:current', 'Envoyé:todo', 'Payé:todo']);
    expect(view('sent')).toEqual(['Demandé:done', 'Envoyé:current', 'Payé:todo']);
    expect(view('paid')).toEqual(['Demandé:done', 'Envoyé:done', 'Payé:done']);
  });

  it('shows where a payout stopped instead of Payé, and a payout in verification as such', () => {
    expect(view('failed')).toEqual(['Demandé:done', 'Envoyé:done', 'Échoué:failed']);
    expect(view('cancelled')).toEqual(['Demandé:done', 'Envoyé:done', 'Annulé:failed']);
    expect(view('reversed')).toEqual(['Demandé:done', 'Envoyé:done', 'Annulé:failed']);
    expect(view('needs_attention')).toEqual(['Demandé:done', 'En vérification:current', 'Payé:todo']);
  });
});

describe("the amount typed in 'Retirer'", () => {
  it('reads whole FCFA with or without spaces, and nothing else', () => {
    expect(typedAmount('12500')).toBe(12_500);
    expect(typedAmount(' 12 500 ')).toBe(12_500);
    expect(typedAmount('12\u202f500')).toBe(12_500);
    for (const text of ['', '12,5', '-100', '1e4', 'abc']) expect(typedAmount(text), text).toBeNaN();
  });

  it('feeds the shared rules: a typed amount below the minimum or above the balance is refused in French, a good one quoted', () => {
    expect(withdrawalAmountError('orange', typedAmount('abc'), 10_000)).toBe('Saisissez un montant entier en FCFA');
    expect(withdrawalAmountError('orange', typedAmount('500'), 10_000)).toMatch(/^Le retrait minimum est de 1\s000\sFCFA$/);
    expect(withdrawalAmountError('orange', typedAmount('20 000'), 10_000)).toMatch(/^Votre solde disponible est de 10\s000\sFCFA$/);
    expect(withdrawalAmountError('orange', typedAmount('10 000'), 10_000)).toBeNull();
    expect(quotePayout('orange', typedAmount('10 000'))).toEqual({ amount: 10_000, fee: 150, net: 9_850 });
  });
});
