/**
 * Visitors (issue 17): what someone without an account may see of a tutor, and where the pages a
 * search engine reads live. One place for the rules the public API, the pre-rendered pages, the
 * sitemap and the SPA share. Pure: no AWS, no zod, safe in every bundle.
 */
import { SUBJECTS, ZONES, type Subject, type Zone } from './constants.js';

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
