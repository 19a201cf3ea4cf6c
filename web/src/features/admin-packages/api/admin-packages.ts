import type { AdminPackagesPage } from '#shared/package-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** `GET /api/admin/packages?cursor=`: one page of packages, newest first (`next_cursor` null on the last page). */
export function useAdminPackages() {
  return useInfiniteQuery({
    queryKey: ['admin', 'packages'],
    queryFn: ({ pageParam, signal }) => apiRequest<AdminPackagesPage>('adminPackages', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 10_000,
  });
}
