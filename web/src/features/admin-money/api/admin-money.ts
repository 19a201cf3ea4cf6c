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
function useAdminPages<Page extends { next_cursor: string | null }>(
  queryKey: readonly unknown[],
  route: 'adminTransactions' | 'adminUsers' | 'adminDisputes',
  query: Record<string, string> = {},
  staleTime?: number,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiRequest<Page>(route, { query: { ...query, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    ...(staleTime !== undefined && { staleTime }),
  });
}

export const useAdminTransactions = (view: AdminTransactionsView = 'all') =>
  useAdminPages<AdminTransactionsPage>([...keys.transactions, view], 'adminTransactions', { view }, 10_000);
export const useAdminUsers = () => useAdminPages<AdminUsersPage>(keys.users, 'adminUsers');
export const useAdminDisputes = () => useAdminPages<AdminDisputesPage>(keys.disputes, 'adminDisputes');

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
