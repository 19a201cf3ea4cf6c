/**
 * Money in FCFA (shared/src/money.ts): how an amount reads, and what the price functions refuse,
 * with an error that says which amount was wrong.
 */
import { describe, expect, it } from 'vitest';
import { commissionOf, formatAmount, formatFcfa, priceLesson } from '#shared/money';

const shown = (text: string) => text.replace(/\u00a0/g, ' ');

describe('how an amount reads', () => {
  it('groups every three digits from the right, and only there', () => {
    expect(shown(formatAmount(1))).toBe('1');
    expect(shown(formatAmount(12))).toBe('12');
    expect(shown(formatAmount(1000))).toBe('1 000');
    expect(shown(formatAmount(10000))).toBe('10 000');
    expect(shown(formatAmount(100000))).toBe('100 000');
    expect(shown(formatAmount(1234567890))).toBe('1 234 567 890');
  });

  it('keeps the minus sign of a negative amount in front (a balance owed)', () => {
    expect(shown(formatAmount(-1500))).toBe('-1 500');
    expect(shown(formatFcfa(-15))).toBe('-15 FCFA');
    expect(formatAmount(0)).toBe('0');
  });

  it('rounds to the franc', () => {
    expect(shown(formatAmount(1499.5))).toBe('1 500');
    expect(shown(formatAmount(-2.4))).toBe('-2');
  });
});

describe('what the price functions refuse', () => {
  it('names the amount that is not whole positive francs', () => {
    expect(() => commissionOf(-1)).toThrow('Le montant doit être un nombre entier positif de FCFA (reçu -1)');
    expect(() => priceLesson(2500.5, 1)).toThrow('Le tarif horaire doit être un nombre entier positif de FCFA (reçu 2500.5)');
    expect(() => priceLesson(Number.MAX_SAFE_INTEGER + 1, 1)).toThrow(RangeError);
  });

  it('names the duration that is not whole positive hours', () => {
    expect(() => priceLesson(3000, -2)).toThrow('Durée invalide : -2');
    expect(priceLesson(3000, 1)).toEqual({ total: 3000, commission: 300, tutor: 2700 });
    expect(priceLesson(0, 3)).toEqual({ total: 0, commission: 0, tutor: 0 });
  });
});
