import type { AdminKycPage, KycDecision, KycReviewResult } from '#shared/onboarding-schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const adminKycKey = ['admin', 'kyc'] as const;

/** Every KYC submission, newest first, page by page. */
export function useKycSubmissions() {
  return useInfiniteQuery({
    queryKey: adminKycKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminKycPage>('listKycVerifications', { query: { cursor: pageParam ?? undefined }, signal }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKycKey }),
  });
}
