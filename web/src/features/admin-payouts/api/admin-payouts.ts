import type { PayoutStatus } from '#shared/payouts';
import type {
  AdminDestinationView,
  AdminPayoutsPage,
  AdminPayoutView,
  AdminRetryPayoutInput,
  ProviderFloat,
} from '#shared/payouts-schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const keys = {
  all: ['admin', 'payouts'] as const,
  float: ['admin', 'payouts', 'float'] as const,
  list: (status: PayoutStatus | 'all') => ['admin', 'payouts', 'list', status] as const,
  destinations: ['admin', 'payouts', 'destinations'] as const,
};

/** The providers' balances against the next 24 hours' payouts. */
export function useProviderFloat() {
  return useQuery({
    queryKey: keys.float,
    queryFn: ({ signal }) => apiRequest<{ providers: ProviderFloat[] }>('adminPayoutFloat', { signal }),
    select: (answer) => answer.providers,
    staleTime: 30_000,
  });
}

/** Payouts newest first, a page at a time; one status (needs_attention: 'À traiter') or all. */
export function useAdminPayouts(status: PayoutStatus | 'all') {
  return useInfiniteQuery({
    queryKey: keys.list(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminPayoutsPage>('adminPayouts', { query: { status: status === 'all' ? undefined : status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 10_000,
  });
}

export function usePayoutDestinationsToReview() {
  return useInfiniteQuery({
    queryKey: keys.destinations,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<{ destinations: AdminDestinationView[]; next_cursor: string | null }>('adminPayoutDestinations', {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 10_000,
  });
}

function useInvalidatePayouts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useRetryPayout() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: ({ id, ...body }: AdminRetryPayoutInput & { id: string }) => apiRequest<{ payout: AdminPayoutView; message: string }>('adminRetryPayout', { params: { id }, body }),
    onSettled: invalidate,
  });
}

export function useCancelPayout() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => apiRequest<AdminPayoutView>('adminCancelPayout', { params: { id }, body: { note } }),
    onSettled: invalidate,
  });
}

export function useReviewDestination() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: ({ tutorId, decision, note }: { tutorId: string; decision: 'approve' | 'reject'; note: string }) =>
      apiRequest<unknown>('adminReviewPayoutDestination', { params: { tutorId }, body: { decision, note } }),
    onSettled: invalidate,
  });
}
