/**
 * What a visitor's screens receive from the public API (issue 17: `GET /api/public/tutors`,
 * `GET /api/public/tutors/{id}`, shared/src/visitors.ts): the signed-in answers' shapes, with the
 * visitor's name ('Yao K.') instead of the last name, and no user id. The screens take either.
 */
import type { SearchResponse } from '#shared/discovery-schemas';
import type { TutorSummary } from '#shared/search';
import type { PublicTutorProfile } from '#shared/tutor-profile-schemas';
import type { PublicSearchResponse, PublicTutorCard, PublicVisitorProfile } from '#shared/visitors';
import { ApiRequestError } from './api';

/** The public routes a visitor's screens call (shared/src/route-tables/visitors.ts): no token, rate-limited. */
export const VISITOR_ROUTES = { search: 'publicSearchTutors', profile: 'publicTutorProfile' } as const;

/** A tutor in a list: a signed-in user's card (full name) or a visitor's (first name + initial). */
export type ListedTutor = TutorSummary | PublicTutorCard;

export type ListedSearchResponse = SearchResponse | PublicSearchResponse;

/** A tutor's page: the signed-in profile or the visitor's. */
export type TutorPageProfile = PublicTutorProfile | PublicVisitorProfile;

export const isVisitorCard = (tutor: ListedTutor): tutor is PublicTutorCard => 'display_name' in tutor;

/** The name a card or a page shows: the full name signed in, 'Yao K.' to a visitor. */
export function listedName(tutor: { display_name: string } | { first_name: string; last_name: string }): string {
  return 'display_name' in tutor ? tutor.display_name : `${tutor.first_name} ${tutor.last_name}`.trim();
}

/** A visitor asked too often (429): the API's French message says to wait, shown under the failure. */
export function tooManyRequestsMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status === 429 ? error.message : undefined;
}
