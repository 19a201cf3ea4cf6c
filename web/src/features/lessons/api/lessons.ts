import type { LessonActionInput, LessonsPage, LessonView } from '#shared/lesson-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { readOnEachVisit } from '@/lib/opening-reads';

export const myLessonsKey = ['lessons', 'mine'] as const;

/** 'Mes cours': the caller's lessons, upcoming then past, with the actions allowed now. */
export const myLessonsQuery = () =>
  queryOptions({
    queryKey: myLessonsKey,
    queryFn: ({ signal }) => apiRequest<LessonsPage>('listMyLessons', { signal }),
    // The actions allowed depend on the clock (a lesson starts, an answer window ends): read again on each visit.
    staleTime: readOnEachVisit,
  });

export function useMyLessons() {
  return useQuery(myLessonsQuery());
}

/** A lesson with `updated` in its place (the API answers the lesson as it is after the action). */
function withLesson(page: LessonsPage, updated: LessonView): LessonsPage {
  const swap = (lessons: LessonView[]) => lessons.map((lesson) => (lesson.id === updated.id ? updated : lesson));
  return { ...page, upcoming: swap(page.upcoming), past: swap(page.past) };
}

/** `POST /api/lessons/{id}/actions`: accept, decline, cancel, mark_given, confirm, report_problem, report_no_show. */
export function useLessonAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LessonActionInput & { id: string }) => apiRequest<LessonView>('lessonAction', { params: { id }, body }),
    onSuccess: (lesson) => queryClient.setQueryData<LessonsPage>(myLessonsKey, (page) => (page ? withLesson(page, lesson) : page)),
    // The lists (and the payments, whose statuses the actions move) are read again either way.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: myLessonsKey }), queryClient.invalidateQueries({ queryKey: ['transactions'] })]),
  });
}
