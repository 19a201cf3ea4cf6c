/**
 * Deterministic demo catalogue: realistic Ivorian tutors covering every zone (remote lessons
 * included), subject and level of the spec, with FCFA rates from 2 000 to 10 000.
 * The same seed always yields the same tutors, so seeding is idempotent.
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_SLOT,
  EXPERIENCE_OPTIONS,
  LEVELS,
  SLOT_TIMES,
  SUBJECTS,
  WEEK_DAYS,
  ZONES,
  type Experience,
  type Zone,
} from '#shared';

export const SEED_TUTOR_COUNT = 64;

const FIRST_NAMES = [
  'Kouassi', 'Aya', 'Koffi', 'Adjoua', 'Yao', 'Affoué', 'Konan', 'Amenan', 'Kouamé', 'Akissi',
  'Aminata', 'Moussa', 'Fatoumata', 'Ibrahim', 'Mariam', 'Seydou', 'Awa', 'Drissa', 'Salimata', 'Brice',
  'Serge', 'Ange', 'Christelle', 'Désiré', 'Hervé', 'Josiane', 'Arnaud', 'Estelle', 'Rokia', 'Lassina',
  'Bintou', 'Eric', 'Prisca', 'Yannick', 'Nadège', 'Ismaël',
];
const LAST_NAMES = [
  'Kouadio', "N'Guessan", 'Koné', 'Traoré', 'Ouattara', 'Bamba', 'Coulibaly', 'Diabaté', 'Yao', 'Kouamé',
  'Konan', 'Touré', 'Diallo', 'Cissé', 'Fofana', 'Gnagne', 'Aka', 'Assi', 'Ehui', 'Zadi',
  'Dosso', 'Sanogo', 'Tanoh', 'Brou', 'Amani', 'Ahoua', 'Kacou', 'Soro', 'Yapi', "N'Dri",
];
const SCHOOLS = [
  'Université Félix Houphouët-Boigny (Cocody)',
  'Université Nangui Abrogoua',
  'École Normale Supérieure d’Abidjan',
  'Institut National Polytechnique Félix Houphouët-Boigny (Yamoussoukro)',
  'Université Alassane Ouattara (Bouaké)',
  'Université Jean Lorougnon Guédé (Daloa)',
  'Université Péléforo Gon Coulibaly (Korhogo)',
];
const DEGREES = ['Licence', 'Master', 'Doctorat', 'CAPES', 'BTS', 'Master 2'];
const METHODS = [
  'Je pars des difficultés de l’élève, puis je consolide les bases avec des exercices progressifs et des fiches de synthèse.',
  'Cours structurés : rappel de cours, exercices corrigés ensemble, puis un devoir maison noté chaque semaine.',
  'Méthode active : l’élève explique à voix haute son raisonnement, je corrige les erreurs au fur et à mesure.',
  'Préparation intensive aux examens (CEPE, BEPC, BAC) avec des annales et des épreuves blanches chronométrées.',
  'Pédagogie bienveillante et patiente, adaptée au rythme de chaque enfant, avec un suivi régulier des parents.',
];
const STRENGTHS = [
  'prépare les élèves au BEPC et au BAC',
  'redonne confiance aux élèves en difficulté',
  'aide les élèves à bien organiser leurs révisions',
  'accompagne les élèves du primaire jusqu’au lycée',
  'met l’accent sur la méthode et la rigueur',
  'rend les notions abstraites concrètes avec des exemples du quotidien',
];

/** mulberry32: a tiny seeded PRNG, so the catalogue is the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable UUID derived from a name (same shape as a v4 id, never random). */
export function stableId(name: string): string {
  const hex = createHash('sha1').update(`kalan:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SeedTutor {
  profile: { user_id: string; first_name: string; last_name: string; role: 'tuteur'; is_verified: boolean };
  tutorProfile: {
    id: string;
    user_id: string;
    bio: string;
    education: string;
    experience: Experience;
    teaching_method: string;
    subjects: string[];
    levels: string[];
    location: Zone;
    hourly_rate: number;
    availability_schedule: Array<{ day: string; available: boolean; slots: Array<{ start: string; end: string }> }>;
    diploma_images: string[];
    is_completed: boolean;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickSome<T>(random: () => number, items: readonly T[], count: number, first?: T): T[] {
  const chosen = new Set<T>(first === undefined ? [] : [first]);
  while (chosen.size < Math.min(count, items.length)) chosen.add(pick(random, items));
  return [...chosen];
}

function availability(random: () => number): SeedTutor['tutorProfile']['availability_schedule'] {
  return WEEK_DAYS.map((day) => {
    const weekend = day === 'Samedi' || day === 'Dimanche';
    const available = random() < (weekend ? 0.5 : 0.65);
    if (!available) return { day, available, slots: [] };
    if (random() < 0.4) return { day, available, slots: [{ ...DEFAULT_SLOT }] };
    // Evening slots after school, sometimes a morning one too.
    const startIndex = 8 + Math.floor(random() * 3); // 16:00–18:00
    const slots = [{ start: SLOT_TIMES[startIndex]!, end: SLOT_TIMES[startIndex + 2]! }];
    if (random() < 0.35) slots.unshift({ start: '08:00', end: '10:00' });
    return { day, available, slots };
  });
}

/**
 * The demo catalogue's 64 tutors keep the zones of the first specification's eight areas (the same
 * seed yields the same tutors: demos and tests name them); larger synthetic catalogues (the
 * benchmarks') spread the tutors beyond over every zone of issue 33.
 */
const FIRST_AREAS: readonly Zone[] = ['cocody', 'plateau', 'marcory', 'treichville', 'adjame', 'yopougon', 'abobo', 'distance'];
function seedZone(index: number): Zone {
  return index < SEED_TUTOR_COUNT ? FIRST_AREAS[index % FIRST_AREAS.length]! : ZONES[index % ZONES.length]!;
}

export function seedTutors(count = SEED_TUTOR_COUNT): SeedTutor[] {
  const random = prng(2026);
  return Array.from({ length: count }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(index * 7 + 3) % LAST_NAMES.length]!;
    // Cycling guarantees every subject, level and zone is present; the rest varies.
    const mainSubject = SUBJECTS[index % SUBJECTS.length]!;
    const subjects = pickSome(random, SUBJECTS, 1 + Math.floor(random() * 3), mainSubject);
    const levels = pickSome(random, LEVELS, 1 + Math.floor(random() * 3), LEVELS[index % LEVELS.length]!);
    const location = seedZone(index);
    const experience = EXPERIENCE_OPTIONS[Math.floor(random() * EXPERIENCE_OPTIONS.length)]!;
    const hourlyRate = 2000 + 500 * Math.floor(random() * 17); // 2 000 – 10 000 FCFA
    const degree = pick(random, DEGREES);
    const school = pick(random, SCHOOLS);
    const userId = stableId(`seed-tutor-user-${index}`);
    const remote = location === 'distance' ? ' Cours en visioconférence possibles partout en Côte d’Ivoire.' : '';
    return {
      profile: {
        user_id: userId,
        first_name: firstName,
        last_name: lastName,
        role: 'tuteur',
        is_verified: index % 3 !== 2,
      },
      tutorProfile: {
        id: stableId(`seed-tutor-${index}`),
        user_id: userId,
        bio: `Répétiteur de ${subjects.join(', ')}, je ${pick(random, STRENGTHS)}. Chaque élève progresse à son rythme, avec des objectifs clairs fixés avec les parents.${remote}`,
        education: `${degree} ${mainSubject === 'Informatique' ? 'en informatique' : `de ${mainSubject}`} — ${school}`,
        experience,
        teaching_method: pick(random, METHODS),
        subjects,
        levels,
        location,
        hourly_rate: hourlyRate,
        availability_schedule: availability(random),
        diploma_images: [],
        // A few tutors left their onboarding half-way: they must not be listed.
        is_completed: index % 16 !== 15,
      },
    };
  });
}
