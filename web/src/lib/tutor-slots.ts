/**
 * A tutor's free slots of the next two weeks (`GET /api/tutors/{id}/slots`), read by the tutor
 * page and the booking dialog (two features: the query lives here, under one key).
 */
import type { TutorSlots } from '#shared/lesson-slots';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

export const tutorSlotsKey = (id: string) => ['tutors', id, 'slots'] as const;

/** They change as time passes and others book, so read on each visit. Signed in only (not a visitor's). */
export function useTutorSlots(id: string, enabled = true) {
  return useQuery({
    queryKey: tutorSlotsKey(id),
    enabled,
    queryFn: ({ signal }) => apiRequest<TutorSlots>('getTutorSlots', { params: { id }, signal }),
    staleTime: 0,
  });
}
