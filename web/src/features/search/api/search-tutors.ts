import { SEARCH_PAGE_SIZE } from '#shared/search';
import { type SearchFilters } from '#shared/search';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { VISITOR_ROUTES, type ListedSearchResponse } from '@/lib/visitor-tutors';

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
 * history, under that id (a retry records once). A visitor's search (issue 17) asks the public
 * route: the same filters and pages, the cards with the visitor's name, nothing recorded.
 */
export function useSearchTutors(filters: SearchFilters | null, recordId: string | null = null, visitor = false) {
  return useInfiniteQuery({
    queryKey: ['search-tutors', filters, recordId, visitor],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ListedSearchResponse>(visitor ? VISITOR_ROUTES.search : 'searchTutors', {
        query: { ...searchQuery(filters!), offset: pageParam, limit: SEARCH_PAGE_SIZE, record: pageParam === 0 ? (recordId ?? undefined) : undefined },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.limit < last.total ? last.offset + last.limit : undefined),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    // A visitor's search (from a shared link) is kept a minute (issue 34): back from a tutor's page
    // on a weak network, the same results show without asking again; their photos' URLs last 15 minutes.
    staleTime: visitor ? 60_000 : 15_000,
  });
}
