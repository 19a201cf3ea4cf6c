import { SEARCH_PAGE_SIZE, type SearchResponse } from '#shared/discovery-schemas';
import { type SearchFilters } from '#shared/search';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The API's query string for some filters: defaults left out. */
export function searchQuery(filters: SearchFilters): Record<string, string | number | undefined> {
  return {
    q: filters.query.trim() || undefined,
    location: filters.location || undefined,
    subject: filters.subject || undefined,
    level: filters.level || undefined,
    minRate: filters.minRate || undefined,
    maxRate: filters.maxRate,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
  };
}

/**
 * Search results for the submitted filters (null: no search yet), a page at a time. With a
 * `recordId` (a parent's search made in the app), the first page's request also records it in the
 * history, under that id (a retry records once).
 */
export function useSearchTutors(filters: SearchFilters | null, recordId: string | null = null) {
  return useInfiniteQuery({
    queryKey: ['search-tutors', filters, recordId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SearchResponse>('searchTutors', {
        query: { ...searchQuery(filters!), offset: pageParam, limit: SEARCH_PAGE_SIZE, record: pageParam === 0 ? (recordId ?? undefined) : undefined },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.limit < last.total ? last.offset + last.limit : undefined),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
