import type { PackageView } from '#shared/package-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * `GET /api/admin/packages?cursor=`: one page of packages, newest first. The contract names no
 * page type: this is the shape of the other admin lists (`next_cursor` null on the last page).
 */
export interface AdminPackagesPage {
  packages: PackageView[];
  next_cursor: string | null;
}

export function useAdminPackages() {
  return useInfiniteQuery({
    queryKey: ['admin', 'packages'],
    queryFn: ({ pageParam, signal }) => apiRequest<AdminPackagesPage>('adminPackages', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 10_000,
  });
}
