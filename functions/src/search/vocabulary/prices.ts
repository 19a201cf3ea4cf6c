/**
 * Price words → the rate filter (FCFA per hour, shared/src/constants.ts RATE_MIN … RATE_MAX).
 * An amount is a price only when it is written as one: after a price word ('moins de 4 000',
 * 'max 2500', 'à partir de 3000', 'entre 2000 et 4000'), before a currency ('3000 F',
 * '3 000 FCFA', '4k'), or with a sign ('≤ 4000'). A bare number in free text ('Kouassi 3000') is
 * not. After a price word without a currency, an amount under MIN_BARE_AMOUNT is not a price
 * either ('plus de 10 ans d'expérience').
 * Keys are folded words separated by one space ("jusqu'à" → 'jusqu a').
 */

/**
 * 'pas cher', 'bon marché', 'abordable': at most 3 000 FCFA/h — the lower part of what home
 * tutoring costs in Abidjan (the seed catalogue's rates run from 2 000 to 10 000 FCFA/h).
 */
export const CHEAP_MAX_RATE = 3_000;

/** A number after a price word without a currency counts from this amount ('moins de 5' is not a price). */
export const MIN_BARE_AMOUNT = 100;

export const CHEAP_WORDS: ReadonlySet<string> = new Set([
  'pas cher',
  'pas chere',
  'pas trop cher',
  'pas tres cher',
  'moins cher',
  'bon marche',
  'abordable',
  'abordables',
  'petit prix',
  'petits prix',
]);

/** Words before an amount that make it the most the parent will pay. */
export const MAX_WORDS: ReadonlySet<string> = new Set([
  'moins de',
  'moins d',
  'max',
  'maxi',
  'maximum',
  'au maximum',
  'au plus',
  'pas plus de',
  'jusqu a',
  'jusqu au',
  'jusque',
  'inferieur a',
  'budget',
  'budget de',
  'budget max',
]);

/** Words before an amount that make it the least. */
export const MIN_WORDS: ReadonlySet<string> = new Set([
  'plus de',
  'a partir de',
  'min',
  'mini',
  'minimum',
  'au minimum',
  'au moins',
  'superieur a',
]);

/** Words after an amount ('3000 F max', '2000 FCFA minimum'). */
export const TRAILING_MAX_WORDS: ReadonlySet<string> = new Set(['max', 'maxi', 'maximum', 'au maximum', 'au plus']);
export const TRAILING_MIN_WORDS: ReadonlySet<string> = new Set(['min', 'mini', 'minimum', 'au minimum', 'au moins']);

/** Currencies after an amount ('3000 F', '3 000 FCFA', '2500 francs CFA'), and what multiplies it ('4 k', '5 mille'). */
export const CURRENCY_WORDS: ReadonlySet<string> = new Set(['f', 'fcfa', 'cfa', 'f cfa', 'fr', 'frs', 'franc', 'francs', 'francs cfa', 'franc cfa', 'xof']);
export const THOUSAND_WORDS: ReadonlySet<string> = new Set(['k', 'mille']);
/** 'par heure', '/h', "l'heure" after an amount. */
export const PER_HOUR_WORDS: ReadonlySet<string> = new Set(['h', 'heure', 'par heure', 'l heure', 'de l heure', 'par h']);

/** The longest phrase of the sets above, in words. */
export const LONGEST_PRICE_PHRASE = 3;
