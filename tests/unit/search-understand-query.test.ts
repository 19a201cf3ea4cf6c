import { describe, expect, it } from 'vitest';
import { LEVELS, SUBJECTS, ZONES } from '#shared';
import {
  FILLER_WORDS,
  LEVEL_WORDS,
  NAME_WORDS,
  STOP_WORDS,
  SUBJECT_WORDS,
  wordsOf,
  ZONE_WORDS,
} from '../../functions/src/search/query-vocabulary.js';
import { tokenize, understandQuery } from '../../functions/src/search/understand-query.js';
import { seedTutors } from '../../infra/local/seed/tutors.js';

const COLLEGE = 'Collège (6e-3e)';
const LYCEE = 'Lycée (2nde-Tle)';

describe('query understanding', () => {
  it('folds case and accents and drops stop words and the words around the request', () => {
    expect(understandQuery('Cours de PHYSIQUE à domicile')).toEqual({
      subjects: [['Physique']],
      location: null,
      level: null,
      words: [],
      minRate: null,
      maxRate: null,
      chips: [{ kind: 'subject', label: 'Physique', without: 'Cours à domicile' }],
    });
    expect(understandQuery('je cherche un bon répétiteur pour mon fils').words).toEqual([]);
    expect(understandQuery("prof d'anglais").subjects).toEqual([['Anglais']]);
  });

  it.each([
    ['maths', ['Mathématiques']],
    ['math', ['Mathématiques']],
    ['philo', ['Philosophie']],
    ['svt', ['Biologie']],
    ['hg', ['Histoire-Géographie']],
    ['histoire geo', ['Histoire-Géographie']],
    ['eco', ['Économie']],
    ['info', ['Informatique']],
    ['Français', ['Français']],
  ])("reads the abbreviation or name '%s' as the subject %j", (text, subjects) => {
    expect(understandQuery(text).subjects).toEqual([subjects]);
  });

  it("reads 'pc', 'physique-chimie' and 'sciences physiques' as Physique or Chimie", () => {
    for (const text of ['pc', 'physique-chimie', 'sciences physiques']) {
      expect(understandQuery(text).subjects).toEqual([['Physique', 'Chimie']]);
    }
  });

  it('reads a phrase as a whole before its words', () => {
    expect(understandQuery('sciences de la vie et de la terre').subjects).toEqual([['Biologie']]);
    expect(understandQuery('Histoire-Géographie').subjects).toEqual([['Histoire-Géographie']]);
    expect(understandQuery('deux plateaux').location).toBe('cocody');
    expect(understandQuery('lycée technique').level).toBe('Formation technique');
    expect(understandQuery('bac pro').level).toBe('Formation technique');
  });

  it.each([
    ['cm2', 'Primaire'],
    ['CP1', 'Primaire'],
    ['6ème', COLLEGE],
    ['3e', COLLEGE],
    ['BEPC', COLLEGE],
    ['2nde', LYCEE],
    ['Tle', LYCEE],
    ['terminale', LYCEE],
    ['bac', LYCEE],
    ['fac', 'Supérieur'],
    ['formation technique', 'Formation technique'],
  ])("reads the class or exam '%s' as the level %s", (text, level) => {
    expect(understandQuery(text)).toMatchObject({ level, subjects: [], words: [] });
  });

  it.each([
    ['Cocody', 'cocody'],
    ['Adjamé', 'adjame'],
    ['yop', 'yopougon'],
    ['treich', 'treichville'],
    ['Riviera', 'cocody'],
    ['zone 4', 'marcory'],
    ['en ligne', 'distance'],
    ['à distance', 'distance'],
  ])("reads '%s' as the zone %s", (text, zone) => {
    expect(understandQuery(text)).toMatchObject({ location: zone, subjects: [], words: [] });
  });

  it('understands subject, level and zone together, and keeps the rest for the full text', () => {
    expect(understandQuery('prof de maths 3eme a cocody Kouassi')).toEqual({
      subjects: [['Mathématiques']],
      location: 'cocody',
      level: COLLEGE,
      words: ['kouassi'],
      minRate: null,
      maxRate: null,
      chips: [
        { kind: 'subject', label: 'Mathématiques', without: 'prof 3eme a cocody Kouassi' },
        { kind: 'level', label: COLLEGE, without: 'prof de maths a cocody Kouassi' },
        { kind: 'location', label: 'Cocody', without: 'prof de maths 3eme Kouassi' },
        { kind: 'word', label: 'Kouassi', without: 'prof de maths 3eme a cocody' },
      ],
    });
  });

  it('forgives one typo in words of 5 or 6 letters and two from 7 in the words it knows', () => {
    expect(understandQuery('mathematqiues').subjects).toEqual([['Mathématiques']]);
    expect(understandQuery('phisique').subjects).toEqual([['Physique']]);
    expect(understandQuery('philosphie').subjects).toEqual([['Philosophie']]);
    expect(understandQuery('yopougn').location).toBe('yopougon');
    expect(understandQuery('terminal').level).toBe(LYCEE);
    expect(understandQuery('profeseur de chimi').subjects).toEqual([['Chimie']]);
    expect(understandQuery('profeseur de chimi').words).toEqual([]);
    expect(understandQuery('phisiqe').subjects).toEqual([['Physique']]); // 7 letters, two typos
    expect(understandQuery('koumasi').location).toBe('koumassi');
    expect(understandQuery('rivierra').location).toBe('cocody');
    expect(understandQuery('termnale').level).toBe(LYCEE);
  });

  it('forgives no typo in short words, and leaves unknown words to the full text', () => {
    expect(understandQuery('svy').words).toEqual(['svy']);
    expect(understandQuery('fiziqee').words).toEqual(['fiziqee']); // 7 letters, more than two typos from any word
    expect(understandQuery('angle').words).toEqual(['angle']); // 'angre' (Cocody) is read only as written
  });

  it('keeps the first zone and the first level named, and names a subject once', () => {
    expect(understandQuery('cocody ou yopougon 3e terminale')).toMatchObject({ location: 'cocody', level: COLLEGE });
    expect(understandQuery('maths mathematiques').subjects).toEqual([['Mathématiques']]);
    expect(understandQuery('maths physique').subjects).toEqual([['Mathématiques'], ['Physique']]);
  });

  it('understands nothing in an empty text', () => {
    expect(understandQuery('  ')).toEqual({ subjects: [], location: null, level: null, words: [], minRate: null, maxRate: null, chips: [] });
  });

  it('never takes a tutor name of the local catalogue for a subject, level, zone or filler word', () => {
    const names = new Set(seedTutors().flatMap((t) => [t.profile.first_name, t.profile.last_name]));
    for (const name of names) {
      const words = wordsOf(name).filter((word) => word.length > 1);
      expect(understandQuery(name), name).toMatchObject({ subjects: [], location: null, level: null, words, minRate: null, maxRate: null });
    }
  });

  it('never corrects a common Ivorian name into the vocabulary: Kouassi is not a typo of Koumassi', () => {
    expect(understandQuery('Kouassi')).toMatchObject({ location: null, words: ['kouassi'] });
    expect(understandQuery('maths Kouassi Koumassi')).toMatchObject({ location: 'koumassi', words: ['kouassi'] });
    expect(understandQuery('Marco')).toMatchObject({ location: null, words: ['marco'] });
    for (const name of NAME_WORDS) {
      expect(understandQuery(name), name).toMatchObject({ subjects: [], location: null, level: null, words: [name] });
    }
  });

  it('keeps the folded words of the text with their place in it, as wordsOf reads them', () => {
    for (const text of ["Prof d'Anglais à Port-Bouët 2", 'Ma\u0301ths e\u0301le\u0300ve', 'Œuvre 4 000 F/h', '  ']) {
      expect(tokenize(text).map((token) => token.word), text).toEqual(wordsOf(text));
    }
    const text = "prof d'anglais à Port-Bouët";
    expect(tokenize(text).map(({ start, end }) => text.slice(start, end))).toEqual(['prof', 'd', 'anglais', 'à', 'Port', 'Bouët']);
  });
});

describe('query vocabulary', () => {
  const tables = { subjects: SUBJECT_WORDS, levels: LEVEL_WORDS, zones: ZONE_WORDS };
  const keys = [...SUBJECT_WORDS.keys(), ...LEVEL_WORDS.keys(), ...ZONE_WORDS.keys(), ...FILLER_WORDS];

  it('writes every entry folded, its words separated by one space', () => {
    for (const key of keys) expect(wordsOf(key).join(' '), key).toBe(key);
  });

  it('gives each entry one meaning, and no entry is a stop word', () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(STOP_WORDS.has(key), key).toBe(false);
  });

  it('names every subject, level and zone of the spec, and each subject by its own name', () => {
    expect(new Set([...tables.subjects.values()].flat())).toEqual(new Set(SUBJECTS));
    expect(new Set(tables.levels.values())).toEqual(new Set(LEVELS));
    expect(new Set(tables.zones.values())).toEqual(new Set(ZONES));
    for (const subject of SUBJECTS) expect(understandQuery(subject).subjects).toEqual([[subject]]);
  });
});
