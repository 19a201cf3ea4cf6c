import type { EscrowDecision } from '#shared/transaction-process';
import type {
  AdminDisputesPage,
  AdminStats,
  AdminTransactionsPage,
  AdminTransactionsView,
  AdminUsersPage,
  EscrowDecisionResult,
  RetryTransactionResult,
} from '#shared/payments-schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const keys = {
  stats: ['admin', 'stats'] as const,
  transactions: ['admin', 'transactions'] as const,
  users: ['admin', 'users'] as const,
  disputes: ['admin', 'disputes'] as const,
};

export function useAdminStats() {
  return useQuery({ queryKey: keys.stats, queryFn: ({ signal }) => apiRequest<AdminStats>('adminStats', { signal }), staleTime: 15_000 });
}

/** The admin's lists come a page at a time (newest first); 'Charger plus' asks for the next one. */
export function useAdminTransactions(view: AdminTransactionsView = 'all') {
  return useInfiniteQuery({
    queryKey: [...keys.transactions, view],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminTransactionsPage>('adminTransactions', { query: { view, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 10_000,
  });
}

export function useAdminUsers() {
  return useInfiniteQuery({
    queryKey: keys.users,
    queryFn: ({ pageParam, signal }) => apiRequest<AdminUsersPage>('adminUsers', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useAdminDisputes() {
  return useInfiniteQuery({
    queryKey: keys.disputes,
    queryFn: ({ pageParam, signal }) => apiRequest<AdminDisputesPage>('adminDisputes', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([keys.stats, keys.transactions, keys.disputes].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useAdminEscrowDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id, action, adminNotes }: { id: string; action: EscrowDecision; adminNotes?: string }) =>
      apiRequest<EscrowDecisionResult>('decideEscrow', { params: { id }, body: { action, ...(adminNotes ? { adminNotes } : {}) } }),
    onSettled: invalidate,
  });
}

export function useCloseDispute() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id, adminNotes }: { id: string; adminNotes?: string }) =>
      apiRequest<{ success: boolean }>('adminCloseDispute', { params: { id }, body: adminNotes ? { adminNotes } : {} }),
    onSettled: invalidate,
  });
}

/** 'Relancer': Paystack re-verified, its answer applied, the workflow re-driven (needs_attention only). */
export function useAdminRetryTransaction() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => apiRequest<RetryTransactionResult>('adminRetryTransaction', { params: { id } }),
    onSettled: invalidate,
  });
}
