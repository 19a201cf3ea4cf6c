/**
 * Abbreviations and other names of the subjects of the spec (shared/src/constants.ts SUBJECTS),
 * as parents write them. A key may name several subjects, any of which will do: 'pc'
 * (physique-chimie, one subject in Ivorian schools) is Physique or Chimie. Keys are folded.
 */
import type { Subject } from '#shared/constants';

const MATHS: Subject[] = ['Mathématiques'];
const FRANCAIS: Subject[] = ['Français'];
const PHYSIQUE_CHIMIE: Subject[] = ['Physique', 'Chimie'];
const BIOLOGIE: Subject[] = ['Biologie'];
const HISTOIRE_GEO: Subject[] = ['Histoire-Géographie'];
const ECONOMIE: Subject[] = ['Économie'];

export const SUBJECT_SYNONYMS: Record<string, readonly Subject[]> = {
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
