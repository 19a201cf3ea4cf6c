/**
 * The vocabulary of tutor search read in parents' words (functions/src/search/vocabulary): the
 * communes, towns and neighbourhoods, the classes, exams and bac series, the price words — and the
 * false friends that must stay free words ('C' alone, the D of a name, a number in a sentence).
 */
import { describe, expect, it } from 'vitest';
import { RATE_MAX, ZONE_LABELS, ZONES } from '#shared';
import { CHEAP_MAX_RATE, NEIGHBOURHOODS, ZONE_WORDS } from '../../functions/src/search/query-vocabulary.js';
import { understandQuery } from '../../functions/src/search/understand-query.js';

const PRIMAIRE = 'Primaire';
const COLLEGE = 'Collège (6e-3e)';
const LYCEE = 'Lycée (2nde-Tle)';
const SUPERIEUR = 'Supérieur';
const TECHNIQUE = 'Formation technique';
const nbsp = (text: string) => text.replace(/ (?=\d{3}\b)| (?=FCFA)/g, '\u00a0');

describe('zones', () => {
  it.each(ZONES.flatMap((zone) => [[zone, zone], [ZONE_LABELS[zone], zone]] as const))("reads '%s' as the zone %s", (text, zone) => {
    expect(understandQuery(text)).toMatchObject({ location: zone, words: [], subjects: [] });
  });

  it.each([
    ['yop', 'yopougon'],
    ['treich', 'treichville'],
    ['port bouet', 'port-bouet'],
    ['Port Bouet', 'port-bouet'],
    ['san pedro', 'san-pedro'],
    ['Yakro', 'yamoussoukro'],
    ['Man', 'man'],
  ] as const)("reads the short name '%s' as %s", (text, zone) => {
    expect(understandQuery(text)).toMatchObject({ location: zone, words: [] });
  });

  it.each([
    ['Riviera 2', 'cocody'],
    ['Riviera Palmeraie', 'cocody'],
    ['riviera golf', 'cocody'],
    ['Bonoumin', 'cocody'],
    ['Faya', 'cocody'],
    ["M'Badon", 'cocody'],
    ['Angré', 'cocody'],
    ['Deux-Plateaux', 'cocody'],
    ['2 Plateaux Vallons', 'cocody'],
    ['II Plateaux', 'cocody'],
    ['Cocody Danga', 'cocody'],
    ['Blockhaus', 'cocody'],
    ['Saint-Jean', 'cocody'],
    ['Ambassades', 'cocody'],
    ['Niangon', 'yopougon'],
    ['Selmer', 'yopougon'],
    ['Toits Rouges', 'yopougon'],
    ['Wassakara', 'yopougon'],
    ['Andokoi', 'yopougon'],
    ['Port-Bouët 2', 'yopougon'],
    ['Zone 4', 'marcory'],
    ['Biétry', 'marcory'],
    ['Anoumabo', 'marcory'],
    ['Grand Campement', 'koumassi'],
    ['Sicogi Koumassi', 'koumassi'],
    ['Vridi', 'port-bouet'],
    ['Gonzagueville', 'port-bouet'],
    ['Adjouffou', 'port-bouet'],
    ['Jean Folly', 'port-bouet'],
    ['Avocatier', 'abobo'],
    ['PK18', 'abobo'],
    ['PK 18', 'abobo'],
    ['Anonkoua', 'abobo'],
    ['Abobo Gare', 'abobo'],
    ['Williamsville', 'adjame'],
    ['220 Logements', 'adjame'],
    ['Adjamé Liberté', 'adjame'],
    ['Bracodi', 'adjame'],
    ['Attécoubé Santé', 'attecoube'],
    ['Locodjro', 'attecoube'],
    ['Abobodoumé', 'attecoube'],
    ['Arras', 'treichville'],
    ['Biafra', 'treichville'],
    ['Indénié', 'plateau'],
    ['Songon Agban', 'songon'],
    ['Ebimpé', 'anyama'],
  ] as const)("reads the neighbourhood '%s' as its commune %s", (text, zone) => {
    expect(understandQuery(text)).toMatchObject({ location: zone, words: [] });
    expect(understandQuery(text).chips).toEqual([{ kind: 'location', label: ZONE_LABELS[zone], without: '' }]);
  });

  it('leaves the shared or ambiguous neighbourhood names out', () => {
    for (const name of ['Sicogi', 'Remblais', 'Agban', 'Belleville', 'Samaké', 'Liberté', 'Santé', 'toute', 'pb']) {
      expect(understandQuery(name), name).toMatchObject({ location: null });
    }
  });

  it('maps every neighbourhood to a zone, and no neighbourhood hides a zone of the same name', () => {
    for (const [name, zone] of Object.entries(NEIGHBOURHOODS)) {
      expect(ZONES, name).toContain(zone);
      expect(ZONE_WORDS.get(name), name).toBe(zone);
    }
    const zoneNames = new Set(ZONES.map((zone) => zone.replace('-', ' ')));
    for (const name of Object.keys(NEIGHBOURHOODS)) expect(zoneNames.has(name), name).toBe(false);
  });
});

describe('classes, exams and higher education', () => {
  it.each([
    ['CP1', PRIMAIRE],
    ['cp2', PRIMAIRE],
    ['CE1', PRIMAIRE],
    ['ce2', PRIMAIRE],
    ['CM1', PRIMAIRE],
    ['CM2', PRIMAIRE],
    ['CEPE', PRIMAIRE],
    ['6ème', COLLEGE],
    ['6e', COLLEGE],
    ['sixième', COLLEGE],
    ['5eme', COLLEGE],
    ['4ème', COLLEGE],
    ['quatrieme', COLLEGE],
    ['3ème', COLLEGE],
    ['troisième', COLLEGE],
    ['BEPC', COLLEGE],
    ['2nde', LYCEE],
    ['seconde', LYCEE],
    ['1ère', LYCEE],
    ['première', LYCEE],
    ['Tle', LYCEE],
    ['terminale', LYCEE],
    ['terminal', LYCEE],
    ['termnale', LYCEE],
    ['BAC', LYCEE],
    ['baccalauréat', LYCEE],
    ['BTS', SUPERIEUR],
    ['licence', SUPERIEUR],
    ['L1', SUPERIEUR],
    ['L3', SUPERIEUR],
    ['master', SUPERIEUR],
    ['M2', SUPERIEUR],
    ['fac', SUPERIEUR],
    ['université', SUPERIEUR],
    ['prépa', SUPERIEUR],
    ['prépa bac', LYCEE],
    ['prépa BEPC', COLLEGE],
    ['DUT', SUPERIEUR],
    ['lycée technique', TECHNIQUE],
    ['CAP', TECHNIQUE],
  ])("reads '%s' as the level %s", (text, level) => {
    expect(understandQuery(text)).toMatchObject({ level, subjects: [], words: [] });
    expect(understandQuery(text).chips).toEqual([{ kind: 'level', label: level, without: '' }]);
  });
});

describe('bac series', () => {
  const LITTERAIRE = ['Français', 'Philosophie', 'Anglais', 'Espagnol', 'Allemand'];
  const C = ['Mathématiques', 'Physique', 'Chimie'];
  const D = ['Mathématiques', 'Physique', 'Chimie', 'Biologie'];
  it.each([
    ['série A', LYCEE, LITTERAIRE, 'Série A'],
    ['bac série A', LYCEE, LITTERAIRE, 'Série A'],
    ['bac A1', LYCEE, LITTERAIRE, 'Série A1'],
    ['terminale A2', LYCEE, LITTERAIRE, 'Série A2'],
    ['tle A', LYCEE, LITTERAIRE, 'Série A'],
    ['série C', LYCEE, C, 'Série C'],
    ['première C', LYCEE, C, 'Série C'],
    ['1ère C', LYCEE, C, 'Série C'],
    ['seconde C', LYCEE, C, 'Série C'],
    ['terminale D', LYCEE, D, 'Série D'],
    ['tle D', LYCEE, D, 'Série D'],
    ['bac D', LYCEE, D, 'Série D'],
    ['Terminal D', LYCEE, D, 'Série D'],
    ['tle serie d', LYCEE, D, 'Série D'],
    ['bac E', LYCEE, C, 'Série E'],
    ['bac F2', TECHNIQUE, ['Mathématiques', 'Physique'], 'Série F2'],
    ['série G2', TECHNIQUE, ['Économie', 'Mathématiques'], 'Série G2'],
  ])("reads '%s' as the level %s and one subject entry, any of %j", (text, level, subjects, label) => {
    const understood = understandQuery(text);
    expect(understood).toMatchObject({ level, subjects: [subjects], words: [] });
    // One chip per meaning, each taking the whole phrase away.
    expect(understood.chips).toEqual([
      { kind: 'level', label: level, without: '' },
      { kind: 'subject', label, without: '' },
    ]);
  });

  it('keeps the rest of the text when a series chip is removed', () => {
    expect(understandQuery('prof terminale D Kouassi').chips.map((chip) => chip.without)).toEqual([
      'prof Kouassi',
      'prof Kouassi',
      'prof terminale D',
    ]);
  });

  it.each([
    ['C', { level: null, subjects: [], words: [] }],
    ['D', { level: null, subjects: [], words: [] }],
    ['maths C', { level: null, subjects: [['Mathématiques']], words: [] }],
    ["N'Dri", { level: null, subjects: [], words: ['dri'] }],
    ["bac d'anglais", { level: LYCEE, subjects: [['Anglais']], words: [] }],
    ['bac à Cocody', { level: LYCEE, subjects: [], location: 'cocody' }],
    ['bac a cocody', { level: LYCEE, subjects: [], location: 'cocody' }],
    ['anglais A2', { level: null, subjects: [['Anglais']], words: ['a2'] }],
    ['terminale Kouassi', { level: LYCEE, subjects: [], words: ['kouassi'] }],
  ])("does not take '%s' for a series", (text, expected) => {
    expect(understandQuery(text)).toMatchObject(expected);
  });
});

describe('price words', () => {
  it.each([
    ['moins de 4 000 F', null, 4000, 'moins de 4 000 FCFA/h'],
    ['moins de 4000', null, 4000, 'moins de 4 000 FCFA/h'],
    ['moins de 4.000 FCFA', null, 4000, 'moins de 4 000 FCFA/h'],
    ['max 2500', null, 2500, 'moins de 2 500 FCFA/h'],
    ['maximum 3000f', null, 3000, 'moins de 3 000 FCFA/h'],
    ['pas plus de 5000 francs', null, 5000, 'moins de 5 000 FCFA/h'],
    ["jusqu'à 3 500 F CFA", null, 3500, 'moins de 3 500 FCFA/h'],
    ['3000 F max', null, 3000, 'moins de 3 000 FCFA/h'],
    ['3000 F', null, 3000, 'moins de 3 000 FCFA/h'],
    ['3 000 FCFA', null, 3000, 'moins de 3 000 FCFA/h'],
    ['4000 F/h', null, 4000, 'moins de 4 000 FCFA/h'],
    ['4k', null, 4000, 'moins de 4 000 FCFA/h'],
    ['max 5 mille', null, 5000, 'moins de 5 000 FCFA/h'],
    ['≤ 4000', null, 4000, 'moins de 4 000 FCFA/h'],
    ['pas cher', null, CHEAP_MAX_RATE, 'moins de 3 000 FCFA/h'],
    ['bon marché', null, CHEAP_MAX_RATE, 'moins de 3 000 FCFA/h'],
    ['abordable', null, CHEAP_MAX_RATE, 'moins de 3 000 FCFA/h'],
    ['plus de 2000', 2000, null, 'plus de 2 000 FCFA/h'],
    ['à partir de 3 000 F', 3000, null, 'plus de 3 000 FCFA/h'],
    ['min 1500', 1500, null, 'plus de 1 500 FCFA/h'],
    ['entre 2000 et 4000', 2000, 4000, 'de 2 000 à 4 000 FCFA/h'],
    ['de 2 000 à 4 000 F', 2000, 4000, 'de 2 000 à 4 000 FCFA/h'],
    ['2000-4000 FCFA', 2000, 4000, 'de 2 000 à 4 000 FCFA/h'],
    ['moins de 50 000 F', null, RATE_MAX, 'moins de 10 000 FCFA/h'],
  ])("reads '%s' as the rate from %s to %s", (text, minRate, maxRate, label) => {
    const understood = understandQuery(text);
    expect(understood).toMatchObject({ minRate, maxRate, words: [] });
    expect(understood.chips).toEqual([{ kind: 'rate', label: nbsp(label), without: '' }]);
  });

  it('makes one range of two bounds, the tighter bound winning', () => {
    expect(understandQuery('plus de 2000 et moins de 5000')).toMatchObject({
      minRate: 2000,
      maxRate: 5000,
      chips: [{ kind: 'rate', label: nbsp('de 2 000 à 5 000 FCFA/h'), without: 'et' }],
    });
    expect(understandQuery('max 4000 pas cher')).toMatchObject({ minRate: null, maxRate: CHEAP_MAX_RATE });
  });

  it.each([
    ['Kouassi 3000', ['kouassi', '3000']],
    ['répétiteur avec 3000 élèves formés', ['3000', 'formes']],
    ["plus de 10 ans d'expérience", ['plus', '10', 'ans', 'experience']],
    ['cours 2023-2024', ['2023', '2024']],
    ['moins de 5', ['moins']],
  ])("does not take a number in '%s' for a price", (text, words) => {
    expect(understandQuery(text)).toMatchObject({ minRate: null, maxRate: null, words });
  });
});

describe('chips', () => {
  it('gives one chip per meaning and per free word, in the order of the text, each with the text without it', () => {
    expect(understandQuery("Prof d'anglais à Riviera 3, terminale D, moins de 4 000 F — Kouassi").chips).toEqual([
      { kind: 'subject', label: 'Anglais', without: 'Prof à Riviera 3, terminale D, moins de 4 000 F — Kouassi' },
      { kind: 'location', label: 'Cocody', without: "Prof d'anglais , terminale D, moins de 4 000 F — Kouassi" },
      { kind: 'level', label: LYCEE, without: "Prof d'anglais à Riviera 3, , moins de 4 000 F — Kouassi" },
      { kind: 'subject', label: 'Série D', without: "Prof d'anglais à Riviera 3, , moins de 4 000 F — Kouassi" },
      { kind: 'rate', label: nbsp('moins de 4 000 FCFA/h'), without: "Prof d'anglais à Riviera 3, terminale D, — Kouassi" },
      { kind: 'word', label: 'Kouassi', without: "Prof d'anglais à Riviera 3, terminale D, moins de 4 000 F —" },
    ]);
  });

  it("labels a subject entry of several subjects 'X ou Y', and gathers a subject named twice into one chip", () => {
    expect(understandQuery('pc').chips).toEqual([{ kind: 'subject', label: 'Physique ou Chimie', without: '' }]);
    expect(understandQuery('langues').chips[0]!.label).toBe('Anglais, Espagnol ou Allemand');
    expect(understandQuery('maths et Mathématiques Yop').chips).toEqual([
      { kind: 'subject', label: 'Mathématiques', without: 'et Yop' },
      { kind: 'location', label: 'Yopougon', without: 'maths et Mathématiques' },
    ]);
  });

  it("keeps a free word's chip as the parent typed it, elided letter included", () => {
    expect(understandQuery("maths N'Guessan").chips).toEqual([
      { kind: 'subject', label: 'Mathématiques', without: "N'Guessan" },
      { kind: 'word', label: "N'Guessan", without: 'maths' },
    ]);
  });

  it('gives no chip to a second zone or level, which the search does not use', () => {
    expect(understandQuery('cocody ou yopougon').chips).toEqual([{ kind: 'location', label: 'Cocody', without: 'ou yopougon' }]);
  });
});
