/**
 * The masking rule of messages (shared/src/contact-masking.ts, issue 31 point 4): every contact
 * detail of the table is masked and every ordinary message kept as written; masking twice changes
 * nothing; and what it leaves holds no phone number libphonenumber-js finds nor link linkifyjs finds.
 */
import fc from 'fast-check';
import { findPhoneNumbersInText } from 'libphonenumber-js';
import * as linkify from 'linkifyjs';
import { describe, expect, it } from 'vitest';
import { hasContactDetails, maskContactDetails } from '#shared/contact-masking';
import { MASKED_CONTACT } from '#shared/messaging';
import { MASKING_CASES } from './contact-masking-cases.js';

describe('the table of messages', () => {
  it('holds at least 60 messages, contact details of every kind and ordinary ones to keep', () => {
    expect(MASKING_CASES.length).toBeGreaterThanOrEqual(60);
    const groups = new Set(MASKING_CASES.map((c) => c.group));
    expect([...groups].sort()).toEqual(['email', 'handle', 'keep', 'link', 'phone', 'phone in words']);
    expect(MASKING_CASES.filter((c) => c.group === 'keep').length).toBeGreaterThanOrEqual(20);
  });

  it.each(MASKING_CASES.map((c) => [c.group, c.message, c] as const))('%s: %s', (_group, message, expected) => {
    const result = maskContactDetails(message);
    expect(result.text).toBe(expected.masked);
    expect(result.found).toEqual(expected.found);
    expect(hasContactDetails(message)).toBe(expected.found.length > 0);
  });
});

// Random messages built from the pieces people write: digits in groups, number words, letters for
// digits, separators, prices, dates, e-mail and link fragments, handles, ordinary words.
const pieces = fc.constantFrom(
  '07', '05', '01', '27', '0', '7', '12', '34', '56', '225', '+225', '00225', 'O7', 'l2', 'OO',
  'zéro', 'sept', 'cinq', 'douze', 'trente-quatre', 'soixante-dix-huit', 'vingt et un', 'quatre-vingts',
  ' ', ' ', ' ', '.', '-', ', ', '/', '_', '(', ')', '\n',
  '25 000 FCFA', '2500F', '12/03/2026', '15h30', '3ème', 'Terminale D', '2 heures', '90 min',
  '@', '[at]', ' arobase ', '[dot]', ' point ', 'gmail', 'com', 'fr', 'ci', '.com', 'wa.me/', 't.me/', 'https://',
  'insta', 'snap:', 'telegram', '@kouassi_prof', 'kouassi.prof', 'facebook.com/x',
  '\u200b', '\u00ad', '０', '７', '٧', '＠', '．', '\ufe0f\u20e3',
  'Bonjour', 'Yopougon', 'Cocody', 'BEPC', 'à', 'chez', 'le', 'samedi', MASKED_CONTACT,
);
const messages = fc.oneof(fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')), fc.string({ maxLength: 80 }));

describe('masking as a property', () => {
  it('is idempotent: masking a masked message changes nothing', () => {
    fc.assert(
      fc.property(messages, (message) => {
        const once = maskContactDetails(message).text;
        expect(maskContactDetails(once)).toEqual({ text: once, found: [] });
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves no phone number libphonenumber-js finds and no link or e-mail linkifyjs finds', () => {
    fc.assert(
      fc.property(messages, (message) => {
        const masked = maskContactDetails(message).text;
        expect(findPhoneNumbersInText(masked, 'CI')).toEqual([]);
        expect(linkify.find(masked)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps every character outside what it masks', () => {
    fc.assert(
      fc.property(messages, (message) => {
        const result = maskContactDetails(message);
        if (!result.found.length) expect(result.text).toBe(message);
        else expect(result.text).toContain(MASKED_CONTACT);
      }),
      { numRuns: 1000 },
    );
  });
});
