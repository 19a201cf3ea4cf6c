import { describe, expect, it } from 'vitest';
import { BOOKING_DEFAULT_SUBJECT, courseOf, deBefore, elides, formatRating, SUBJECTS, subjectInSentence } from '#shared';

describe('elision before a vowel sound', () => {
  it.each([
    ['anglais', true],
    ['informatique', true],
    ['Économie', true],
    ['économie', true],
    ['Éducation civique', true],
    ['âne', true],
    ['île', true],
    ['œuvre', true],
    ['ukrainien', true],
    ['Allemand', true],
    ['espagnol', true],
  ])('elides before %s: %s', (word, expected) => {
    expect(elides(word)).toBe(expected);
  });

  it.each([
    ['mathématiques', false],
    ['Français', false],
    ['physique', false],
    ['chimie', false],
    ['', false],
    ['2nde', false],
  ])('keeps "de" before %s', (word, expected) => {
    expect(elides(word)).toBe(expected);
  });

  it('elides before a mute h and not before an aspirated one', () => {
    expect(elides('histoire-géographie')).toBe(true);
    expect(elides('hébreu')).toBe(true);
    expect(elides('hygiène')).toBe(true);
    expect(elides('Hindi')).toBe(false);
    expect(elides('haoussa')).toBe(false);
    expect(elides('handball')).toBe(false);
    expect(elides('hockey')).toBe(false);
  });

  it('does not elide before a y sounded as a consonant, nor before the classic exceptions', () => {
    expect(elides('yoga')).toBe(false);
    expect(elides('yoruba')).toBe(false);
    expect(elides('onze')).toBe(false);
    expect(elides('ouolof')).toBe(false);
  });
});

describe('deBefore', () => {
  it('writes "de" or "d\'" before the noun', () => {
    expect(deBefore('mathématiques')).toBe('de mathématiques');
    expect(deBefore('anglais')).toBe("d'anglais");
    expect(deBefore('histoire-géographie')).toBe("d'histoire-géographie");
    expect(deBefore('hindi')).toBe('de hindi');
  });
});

describe('a subject inside a sentence', () => {
  it('is lower-cased as French writes school subjects', () => {
    expect(subjectInSentence('Informatique')).toBe('informatique');
    expect(subjectInSentence('Histoire-Géographie')).toBe('histoire-géographie');
    expect(subjectInSentence('Économie')).toBe('économie');
  });

  it('keeps acronyms and trims spaces', () => {
    expect(subjectInSentence('SVT')).toBe('SVT');
    expect(subjectInSentence('  Anglais ')).toBe('anglais');
    expect(subjectInSentence('Préparation au BAC')).toBe('préparation au BAC');
  });
});

describe('courseOf', () => {
  it.each([
    ['Informatique', "Cours d'informatique"],
    ['Anglais', "Cours d'anglais"],
    ['Allemand', "Cours d'allemand"],
    ['Espagnol', "Cours d'espagnol"],
    ['Économie', "Cours d'économie"],
    ['Histoire-Géographie', "Cours d'histoire-géographie"],
    ['Mathématiques', 'Cours de mathématiques'],
    ['Français', 'Cours de français'],
    ['Philosophie', 'Cours de philosophie'],
  ])('%s → %s', (subject, expected) => {
    expect(courseOf(subject)).toBe(expected);
  });

  it('names every subject of the spec with a capital only at the start', () => {
    for (const subject of SUBJECTS) {
      const phrase = courseOf(subject);
      expect(phrase, subject).toMatch(/^Cours (de |d')[a-zéèêàâîôûç]/);
      expect(phrase, subject).not.toMatch(/ de [aeiouyéèêàâîïôœh]/i);
    }
  });

  it('does not say "Cours de Cours général" for a tutor without subject', () => {
    expect(courseOf(BOOKING_DEFAULT_SUBJECT)).toBe('Cours général');
    expect(courseOf('cours particulier')).toBe('Cours particulier');
  });

  it('falls back to "Cours" without a subject', () => {
    expect(courseOf('')).toBe('Cours');
    expect(courseOf(undefined)).toBe('Cours');
  });

  it('starts with a lower case inside a sentence when asked', () => {
    expect(courseOf('Anglais', { lowerCase: true })).toBe("cours d'anglais");
  });
});

describe('ratings as French writes numbers', () => {
  it.each([
    [4.9, '4,9'],
    [4.8, '4,8'],
    [5, '5'],
    [2, '2'],
    [4.25, '4,3'],
    [3.333333, '3,3'],
  ])('writes %s as %s: a decimal comma, one decimal at most', (rating, written) => {
    expect(formatRating(rating)).toBe(written);
  });
});
