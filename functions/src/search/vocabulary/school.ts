/**
 * School words of Côte d'Ivoire → the levels of the spec (shared/src/constants.ts LEVELS): the
 * classes (CP1 … CM2, 6e … 3e, 2nde … Tle), the exams that close each cycle (CEPE → Primaire,
 * BEPC → Collège, BAC → Lycée), higher education, technical training, and the series of the
 * baccalauréat with their subjects. Keys are folded (lower case, no accents), words separated by
 * one space; typos of the words of 5 letters or more are forgiven by the corrector.
 */
import type { Level, Subject } from '#shared/constants';

const PRIMAIRE: Level = 'Primaire';
const COLLEGE: Level = 'Collège (6e-3e)';
const LYCEE: Level = 'Lycée (2nde-Tle)';
const SUPERIEUR: Level = 'Supérieur';
const TECHNIQUE: Level = 'Formation technique';

const each = (keys: string, level: Level) => Object.fromEntries(keys.split(/\s+/).filter(Boolean).map((key) => [key, level]));

export const LEVEL_SYNONYMS: Record<string, Level> = {
  // Primary school: the six classes and the CEPE (certificat d'études primaires élémentaires).
  ...each('primaire maternelle cp cp1 cp2 ce1 ce2 cm1 cm2 cepe', PRIMAIRE),
  'ecole primaire': PRIMAIRE,
  // Collège: 6e to 3e as parents write them, and the BEPC that closes it.
  ...each(
    `college collegien collegienne
     6e 6em 6eme 6ieme sixieme 5e 5em 5eme 5ieme cinquieme 4e 4em 4eme 4ieme quatrieme 3e 3em 3eme 3ieme troisieme
     bepc brevet`,
    COLLEGE,
  ),
  // Lycée: 2nde, 1ère, Tle and the BAC.
  ...each(
    `lycee lyceen lyceenne 2nde 2nd 2de seconde 1ere 1re 1er premiere tle term terminale terminales
     bac baccalaureat`,
    LYCEE,
  ),
  // Higher education. The BTS (brevet de technicien supérieur) is prepared after the BAC in the
  // higher schools (grandes écoles, private higher institutes) in Côte d'Ivoire: its students need
  // higher-education content (comptabilité, gestion, informatique), so it is Supérieur here, like
  // the DUT. 'Formation technique' is the secondary technical track (lycée technique, BT, CAP).
  ...each(
    `superieur fac faculte universite universitaire prepa bts dut licence l1 l2 l3 master m1 m2 doctorat
`,
    SUPERIEUR,
  ),
  'enseignement superieur': SUPERIEUR,
  // 'prépa bac', 'prépa BEPC': preparing the exam, at its level (the longest phrase wins over 'prépa').
  'prepa bac': LYCEE,
  'prepa bepc': COLLEGE,
  'prepa cepe': PRIMAIRE,
  'classe preparatoire': SUPERIEUR,
  'classes preparatoires': SUPERIEUR,
  // Technical and vocational training (secondary).
  ...each('technique professionnel bt cap', TECHNIQUE),
  'formation technique': TECHNIQUE,
  'lycee technique': TECHNIQUE,
  'lycee professionnel': TECHNIQUE,
  'formation professionnelle': TECHNIQUE,
  'bac pro': TECHNIQUE,
  'bac technique': TECHNIQUE,
};

/**
 * The series of the Ivorian baccalauréat and the subjects that weigh most in each: a series is
 * ONE subject entry, "any of these", so a tutor of any of them fits (ranking those who teach more
 * of them first is the index's business). Chosen from the coefficients of each series:
 * - A, A1, A2 (littéraires: lettres, philosophie, langues): Français, Philosophie, Anglais,
 *   Espagnol, Allemand. A1 also weighs mathematics a little, but a parent asking 'A1' wants the
 *   literary subjects first; tutors of maths are found by 'maths'.
 * - C (mathématiques et sciences physiques): Mathématiques, Physique, Chimie.
 * - D (mathématiques et sciences de la nature): Mathématiques, Physique, Chimie, Biologie.
 * - E (mathématiques et techniques): Mathématiques, Physique, Chimie.
 * - F, F1 … F4 (techniques industrielles): Mathématiques, Physique — level Formation technique.
 * - G, G1, G2 (techniques tertiaires, gestion): Économie, Mathématiques — level Formation technique.
 * B is left out: it is not a current series of the Ivorian BAC as far as these sources say, and
 * 'b' alone would only add false hits.
 */
const LITTERAIRE: Subject[] = ['Français', 'Philosophie', 'Anglais', 'Espagnol', 'Allemand'];
const SCIENTIFIQUE: Subject[] = ['Mathématiques', 'Physique', 'Chimie'];
export interface Series {
  label: string;
  level: Level;
  subjects: readonly Subject[];
}
const series = (label: string, level: Level, subjects: readonly Subject[]): Series => ({ label, level, subjects });
export const SERIES: Record<string, Series> = {
  a: series('Série A', LYCEE, LITTERAIRE),
  a1: series('Série A1', LYCEE, LITTERAIRE),
  a2: series('Série A2', LYCEE, LITTERAIRE),
  c: series('Série C', LYCEE, SCIENTIFIQUE),
  d: series('Série D', LYCEE, [...SCIENTIFIQUE, 'Biologie']),
  e: series('Série E', LYCEE, SCIENTIFIQUE),
  f: series('Série F', TECHNIQUE, ['Mathématiques', 'Physique']),
  f1: series('Série F1', TECHNIQUE, ['Mathématiques', 'Physique']),
  f2: series('Série F2', TECHNIQUE, ['Mathématiques', 'Physique']),
  f3: series('Série F3', TECHNIQUE, ['Mathématiques', 'Physique']),
  f4: series('Série F4', TECHNIQUE, ['Mathématiques', 'Physique']),
  g: series('Série G', TECHNIQUE, ['Économie', 'Mathématiques']),
  g1: series('Série G1', TECHNIQUE, ['Économie', 'Mathématiques']),
  g2: series('Série G2', TECHNIQUE, ['Économie', 'Mathématiques']),
};

/**
 * The words after which a series letter means a series: 'série D', 'bac D', 'terminale D',
 * 'tle D', 'première C', '1ère A', 'seconde C' (the series start in 2nde A / 2nde C). A letter
 * alone ('C', 'D') is nothing: it is a initial, an elided "d'" or a note. 'A1'/'A2' alone are
 * language levels of the European framework ('anglais A2'): they too need one of these words.
 */
export const SERIES_TRIGGERS: ReadonlySet<string> = new Set([
  'serie',
  'series',
  'bac',
  'baccalaureat',
  'terminale',
  'terminales',
  'tle',
  'term',
  'premiere',
  '1ere',
  '1re',
  'seconde',
  '2nde',
  '2de',
]);
