import type { PublicTutorProfile } from '#shared/tutor-profile-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { PublicVisitorProfile } from '#shared/visitors';
import { VISITOR_ROUTES, type TutorPageProfile } from '@/lib/visitor-tutors';

/** The signed-in profile and the visitor's are two answers: one never stands for the other in the cache. */
export const tutorProfileKey = (id: string, visitor = false) => ['tutors', id, visitor ? 'visitor' : 'signed-in'] as const;

const VISITOR_PROFILE_STALE_MS = 2 * 60_000;

/**
 * A tutor's profile: the signed-in one (`GET /api/tutors/{id}`), or a visitor's from the public
 * route (issue 17: 'Yao K.', 404 for a tutor not listed publicly). Its image URLs are
 * short-lived (15 minutes), so the signed-in one is refetched on each visit. A visitor's is kept
 * two minutes (issue 34): going back and forth between the search and the pages it opens does not
 * ask again on a weak network, and a visitor edits nothing the page shows.
 */
export function useTutorProfile(id: string, visitor = false) {
  return useQuery<TutorPageProfile>({
    queryKey: tutorProfileKey(id, visitor),
    queryFn: ({ signal }) =>
      visitor
        ? apiRequest<PublicVisitorProfile>(VISITOR_ROUTES.profile, { params: { id }, signal })
        : apiRequest<PublicTutorProfile>('getTutorProfile', { params: { id }, signal }),
    staleTime: visitor ? VISITOR_PROFILE_STALE_MS : 0,
  });
}
