/**
 * Visitors (issue 17): what someone without an account may see of a tutor, and where the pages a
 * search engine reads live. One place for the rules the public API, the pre-rendered pages, the
 * sitemap and the SPA share. Pure: no AWS, no zod, safe in every bundle.
 */
import { SUBJECTS, ZONES, type Subject, type Zone } from './constants.js';
import type { SearchResponse } from './discovery-schemas.js';
import type { TutorSummary } from './search.js';
import type { TutorLessonStats } from './tutor-profile-schemas.js';
import type { TutorResponseStats } from './messaging-schemas.js';
import { httpMessages } from './message-catalogue/http.js';

/** A visitor sees the first name and the initial of the last name: 'Yao K.'. */
export function visitorName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toLocaleUpperCase('fr');
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/**
 * Listed for visitors and search engines: a completed profile (in the catalogue), verified (KYC
 * approved), whose tutor did not hide it from visitors.
 */
export function isListedPublicly(tutor: { is_verified: boolean; hidden_from_visitors?: boolean }): boolean {
  return tutor.is_verified && tutor.hidden_from_visitors !== true;
}

/** 'Mathématiques' → 'mathematiques', 'Histoire-Géographie' → 'histoire-geographie'. */
export function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const SUBJECT_BY_SLUG: ReadonlyMap<string, Subject> = new Map(SUBJECTS.map((subject) => [slugOf(subject), subject]));

/** A tutor's page: the SPA's own address, served pre-rendered (title, Open Graph, text) first. */
export const tutorPagePath = (tutorId: string) => `/tutors/${tutorId}`;

/** A town × subject page ('Cours de mathématiques à Cocody'): `/repetiteurs/mathematiques/cocody`. */
export const townSubjectPagePath = (subject: Subject, zone: Zone) => `/repetiteurs/${slugOf(subject)}/${zone}`;

/** The zones a town × subject page exists for (remote lessons are no town). */
export const PAGE_ZONES: readonly Zone[] = ZONES.filter((zone) => zone !== 'distance');

// ─── The public API (issue 17, points 1 and 5) ──────────────────────────────────────────────

/**
 * The API's routes for visitors, without a session: under this prefix only, so that the cloud's
 * WAF rule, API Gateway's route throttling and the local router limit them by one path test.
 */
export const PUBLIC_API_PREFIX = '/api/public/';

/**
 * Requests one address may send to the visitors' API in a window of five minutes (WAF's window):
 * a visitor searching and opening profiles sends a few dozen, a scraper of the catalogue
 * thousands. The cloud's WAF rule and the local router apply it.
 */
export const PUBLIC_API_RATE_LIMIT = { requests: 300, windowSeconds: 300 } as const;

/**
 * What a request over the limit gets with its 429, from the WAF and the local router alike: the
 * API's error shape, so that the SPA shows the French message as it shows the API's own errors.
 */
export const tooManyRequestsBody = { error: { code: 'too_many_requests', message: httpMessages.tooManyRequests } } as const;

/** A profile photo as a visitor gets it: the variants through the CDN (`/photos/…`), never the original. */
export interface PublicPhoto {
  /** The largest variant; null without a photo or until its variants are made. */
  profile_image_url: string | null;
  /** The variants for `srcset`, smallest first; empty until they are made. */
  profile_image_variants: Array<{ url: string; width: number }>;
}

/**
 * A tutor card of the public search (`GET /api/public/tutors`). No `last_name`, no `user_id`, no
 * contact, no document: the visitor's name, what the tutor teaches, where and at what rate.
 */
export interface PublicTutorCard
  extends PublicPhoto,
    Pick<
      TutorSummary,
      'id' | 'first_name' | 'bio' | 'education' | 'experience' | 'teaching_method' | 'subjects' | 'levels' | 'location' | 'hourly_rate' | 'availability_slots'
    > {
  /** 'Yao K.' (visitorName). */
  display_name: string;
  /** Only verified tutors are listed publicly: always true ('Vérifié'). */
  is_verified: true;
}

/** `GET /api/public/tutors`: the signed-in search's answer, with public cards of the tutors listed publicly. */
export interface PublicSearchResponse extends Omit<SearchResponse, 'tutors'> {
  tutors: PublicTutorCard[];
}

/** A tutor's public profile (`GET /api/public/tutors/{id}`): the card's fields, the week and the figures. */
export interface PublicVisitorProfile extends Omit<PublicTutorCard, 'availability_slots'> {
  /** The seven days of the weekly hours, Monday first. */
  availability_schedule: Array<{ day: string; available: boolean; slots: Array<{ start: string; end: string }> }>;
  /** How many diplomas the tutor gave (never the files). */
  diploma_count: number;
  /** Issue 15's public figures: lessons accepted, cancelled by the tutor, no-shows an admin upheld. */
  lesson_stats: TutorLessonStats;
  /** Issue 31's figures: 'Répond en général en N h', the response rate (null below RESPONSE_STATS_MIN_QUESTIONS). */
  response_stats: TutorResponseStats | null;
}

/** A list of every key of `T`: a key added to the type and not to the list fails to compile. */
const everyKeyOf =
  <T>() =>
  <const L extends readonly (keyof T)[]>(keys: L & (Exclude<keyof T, L[number]> extends never ? unknown : { missing: Exclude<keyof T, L[number]> })): L =>
    keys;

/** The only keys of a public search card; the handler builds each card by picking exactly these. */
export const PUBLIC_TUTOR_CARD_KEYS = everyKeyOf<PublicTutorCard>()([
  'id',
  'display_name',
  'first_name',
  'is_verified',
  'bio',
  'education',
  'experience',
  'teaching_method',
  'subjects',
  'levels',
  'location',
  'hourly_rate',
  'profile_image_url',
  'profile_image_variants',
  'availability_slots',
]);

/** The only keys of a public profile; the handler builds it by picking exactly these. */
export const PUBLIC_TUTOR_PROFILE_KEYS = everyKeyOf<PublicVisitorProfile>()([
  'id',
  'display_name',
  'first_name',
  'is_verified',
  'bio',
  'education',
  'experience',
  'teaching_method',
  'subjects',
  'levels',
  'location',
  'hourly_rate',
  'availability_schedule',
  'profile_image_url',
  'profile_image_variants',
  'diploma_count',
  'lesson_stats',
  'response_stats',
]);

/** A new object holding exactly `keys` of `source` (whatever else `source` holds stays behind). */
export function pickKeys<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}

/** What a catalogue entry gives a public card. */
type ListedTutor = Pick<
  TutorSummary,
  'id' | 'first_name' | 'last_name' | 'bio' | 'education' | 'experience' | 'teaching_method' | 'subjects' | 'levels' | 'location' | 'hourly_rate' | 'availability_slots'
>;

/** The public card of a tutor listed publicly (the photo as `PublicPhoto` makes it). */
export function publicTutorCard(tutor: ListedTutor, photo: PublicPhoto): PublicTutorCard {
  return pickKeys(
    {
      ...tutor,
      ...photo,
      display_name: visitorName(tutor.first_name, tutor.last_name),
      is_verified: true as const,
      subjects: [...tutor.subjects],
      levels: [...tutor.levels],
    },
    PUBLIC_TUTOR_CARD_KEYS,
  );
}
