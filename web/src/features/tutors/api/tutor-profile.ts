import type { PublicTutorProfile } from '#shared/tutor-profile-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const tutorProfileKey = (id: string) => ['tutors', id] as const;

/** A tutor's public profile; its image URLs are short-lived, so it is refetched on each visit. */
export function useTutorProfile(id: string) {
  return useQuery({
    queryKey: tutorProfileKey(id),
    queryFn: ({ signal }) => apiRequest<PublicTutorProfile>('getTutorProfile', { params: { id }, signal }),
    staleTime: 0,
  });
}
