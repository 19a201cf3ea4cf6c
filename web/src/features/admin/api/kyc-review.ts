import type { AdminKycPage, KycDecision, KycReviewResult } from '#shared/kyc-schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const adminKycKey = ['admin', 'kyc'] as const;

/** KYC submissions, newest first, page by page: every one, or only those waiting for a review. */
export function useKycSubmissions(view: 'all' | 'pending' = 'all') {
  return useInfiniteQuery({
    queryKey: [...adminKycKey, view],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminKycPage>('listKycVerifications', {
        query: { cursor: pageParam ?? undefined, status: view === 'pending' ? 'pending' : undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // The documents are presigned URLs valid 5 minutes: do not show stale ones.
    staleTime: 0,
    refetchInterval: 4 * 60_000,
  });
}

export function useReviewKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: KycDecision; note?: string }) =>
      apiRequest<KycReviewResult>('reviewKyc', { params: { id }, body: { decision, admin_notes: note } }),
    // The pending count on the stat cards moves with each review.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKycKey }), queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] })]),
  });
}
