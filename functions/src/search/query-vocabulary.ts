/**
 * The French words of tutor search: which words carry no meaning, and which name a subject, a
 * level or a zone of the spec (shared/src/constants.ts) the way parents write them. Keys are
 * folded (lower case, no accents) and written as their words separated by one space.
 */
import { SUBJECTS, ZONE_LABELS, ZONES, type Level, type Subject, type Zone } from '#shared/constants';
import { foldText } from '#shared/search';

/** Folded words of a text: 'Histoire-Géographie' → ['histoire', 'geographie']; "d'anglais" → ['d', 'anglais']. */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

/** Words too common in French to tell two tutors apart; they are neither indexed nor searched. */
export const STOP_WORDS: ReadonlySet<string> = words(
  'a au aux avec ce ces dans de des du elle en et il je la le les leur lui ma mais me mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous est sont',
);

/**
 * Words parents put around what they look for ('cours de…', 'prof de…', 'à domicile', 'pour mon
 * fils'). Dropped from queries only: tutors' texts keep them.
 */
export const FILLER_WORDS: ReadonlySet<string> = words(`
  cours prof profs professeur professeurs professeure repetiteur repetiteurs repetitrice repetitrices
  enseignant enseignants enseignante encadreur encadreurs encadreuse encadrement tuteur tuteurs tutrice
  soutien scolaire particulier particuliers particuliere particulieres niveau classe lecon lecons
  domicile maison aide devoirs rattrapage eleve eleves enfant enfants fils fille filles
  cherche recherche besoin veux voudrais trouver urgent svp bon bons bonne bonnes serieux serieuse
  matiere matieres quartier commune zone abidjan chez madame mme monsieur mr mlle
`);

const MATHS: Subject[] = ['Mathématiques'];
const FRANCAIS: Subject[] = ['Français'];
const PHYSIQUE_CHIMIE: Subject[] = ['Physique', 'Chimie'];
const BIOLOGIE: Subject[] = ['Biologie'];
const HISTOIRE_GEO: Subject[] = ['Histoire-Géographie'];
const ECONOMIE: Subject[] = ['Économie'];

/**
 * Abbreviations and other names of the subjects. A key may name several subjects, any of which
 * will do: 'pc' (physique-chimie, one subject in Ivorian schools) is Physique or Chimie.
 */
const SUBJECT_SYNONYMS: Record<string, readonly Subject[]> = {
  math: MATHS,
  maths: MATHS,
  mathematique: MATHS,
  algebre: MATHS,
  geometrie: MATHS,
  fr: FRANCAIS,
  lettres: FRANCAIS,
  grammaire: FRANCAIS,
  orthographe: FRANCAIS,
  conjugaison: FRANCAIS,
  dictee: FRANCAIS,
  ang: ['Anglais'],
  english: ['Anglais'],
  pc: PHYSIQUE_CHIMIE,
  'physique chimie': PHYSIQUE_CHIMIE,
  'sciences physiques': PHYSIQUE_CHIMIE,
  svt: BIOLOGIE,
  bio: BIOLOGIE,
  'sciences naturelles': BIOLOGIE,
  'sciences de la vie et de la terre': BIOLOGIE,
  sciences: ['Physique', 'Chimie', 'Biologie'],
  hg: HISTOIRE_GEO,
  histoire: HISTOIRE_GEO,
  geographie: HISTOIRE_GEO,
  geo: HISTOIRE_GEO,
  'histoire geo': HISTOIRE_GEO,
  'histo geo': HISTOIRE_GEO,
  philo: ['Philosophie'],
  eco: ECONOMIE,
  'sciences economiques': ECONOMIE,
  info: ['Informatique'],
  programmation: ['Informatique'],
  esp: ['Espagnol'],
  langues: ['Anglais', 'Espagnol', 'Allemand'],
};

const LEVEL_SYNONYMS: Record<string, Level> = {
  primaire: 'Primaire',
  'ecole primaire': 'Primaire',
  maternelle: 'Primaire',
  cp: 'Primaire',
  cp1: 'Primaire',
  cp2: 'Primaire',
  ce1: 'Primaire',
  ce2: 'Primaire',
  cm1: 'Primaire',
  cm2: 'Primaire',
  cepe: 'Primaire',
  college: 'Collège (6e-3e)',
  collegien: 'Collège (6e-3e)',
  collegienne: 'Collège (6e-3e)',
  '6e': 'Collège (6e-3e)',
  '6eme': 'Collège (6e-3e)',
  sixieme: 'Collège (6e-3e)',
  '5e': 'Collège (6e-3e)',
  '5eme': 'Collège (6e-3e)',
  cinquieme: 'Collège (6e-3e)',
  '4e': 'Collège (6e-3e)',
  '4eme': 'Collège (6e-3e)',
  quatrieme: 'Collège (6e-3e)',
  '3e': 'Collège (6e-3e)',
  '3eme': 'Collège (6e-3e)',
  troisieme: 'Collège (6e-3e)',
  bepc: 'Collège (6e-3e)',
  lycee: 'Lycée (2nde-Tle)',
  lyceen: 'Lycée (2nde-Tle)',
  lyceenne: 'Lycée (2nde-Tle)',
  '2nde': 'Lycée (2nde-Tle)',
  '2de': 'Lycée (2nde-Tle)',
  seconde: 'Lycée (2nde-Tle)',
  '1ere': 'Lycée (2nde-Tle)',
  '1re': 'Lycée (2nde-Tle)',
  premiere: 'Lycée (2nde-Tle)',
  tle: 'Lycée (2nde-Tle)',
  term: 'Lycée (2nde-Tle)',
  terminale: 'Lycée (2nde-Tle)',
  bac: 'Lycée (2nde-Tle)',
  baccalaureat: 'Lycée (2nde-Tle)',
  superieur: 'Supérieur',
  'enseignement superieur': 'Supérieur',
  fac: 'Supérieur',
  faculte: 'Supérieur',
  universitaire: 'Supérieur',
  prepa: 'Supérieur',
  technique: 'Formation technique',
  'formation technique': 'Formation technique',
  'lycee technique': 'Formation technique',
  'lycee professionnel': 'Formation technique',
  'formation professionnelle': 'Formation technique',
  professionnel: 'Formation technique',
  'bac pro': 'Formation technique',
  'bac technique': 'Formation technique',
  bt: 'Formation technique',
  cap: 'Formation technique',
};

/** Short names of the communes, and a few well-known neighbourhoods for their commune. */
const ZONE_SYNONYMS: Record<string, Zone> = {
  yop: 'yopougon',
  niangon: 'yopougon',
  treich: 'treichville',
  riviera: 'cocody',
  angre: 'cocody',
  'deux plateaux': 'cocody',
  '2 plateaux': 'cocody',
  'ii plateaux': 'cocody',
  'zone 4': 'marcory',
  bietry: 'marcory',
  williamsville: 'adjame',
  distance: 'distance',
  distanciel: 'distance',
  'en ligne': 'distance',
  online: 'distance',
  visio: 'distance',
  visioconference: 'distance',
};

const key = (text: string) => wordsOf(text).join(' ');

/** Every name of a subject: its name in the spec, then the synonyms above. */
export const SUBJECT_WORDS: ReadonlyMap<string, readonly Subject[]> = new Map([
  ...SUBJECTS.map((subject) => [key(subject), [subject]] as const),
  ...Object.entries(SUBJECT_SYNONYMS),
]);

/** Every name of a level: the synonyms above (the spec's labels, 'Collège (6e-3e)', are not typed). */
export const LEVEL_WORDS: ReadonlyMap<string, Level> = new Map(Object.entries(LEVEL_SYNONYMS));

/** Every name of a zone: its value and label in the spec ('adjame', 'cours a distance'), then the synonyms. */
export const ZONE_WORDS: ReadonlyMap<string, Zone> = new Map([
  ...ZONES.flatMap((zone) => [[key(zone), zone] as const, [key(ZONE_LABELS[zone]), zone] as const]),
  ...Object.entries(ZONE_SYNONYMS),
]);

/** The most words a key of the tables above spans ('sciences de la vie et de la terre': 8). */
export const LONGEST_PHRASE = Math.max(
  ...[...SUBJECT_WORDS.keys(), ...LEVEL_WORDS.keys(), ...ZONE_WORDS.keys()].map((phrase) => phrase.split(' ').length),
);
