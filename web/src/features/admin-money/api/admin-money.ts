import type { EscrowDecision } from '#shared/payments';
import type { AdminStats, AdminUser, DisputeView, EscrowDecisionResult, RetryTransactionResult, TransactionView } from '#shared/payments-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useAdminTransactions() {
  return useQuery({
    queryKey: keys.transactions,
    queryFn: ({ signal }) => apiRequest<{ transactions: TransactionView[] }>('adminTransactions', { signal }),
    staleTime: 10_000,
  });
}

export function useAdminUsers() {
  return useQuery({ queryKey: keys.users, queryFn: ({ signal }) => apiRequest<{ users: AdminUser[] }>('adminUsers', { signal }) });
}

export function useAdminDisputes() {
  return useQuery({ queryKey: keys.disputes, queryFn: ({ signal }) => apiRequest<{ disputes: DisputeView[] }>('adminDisputes', { signal }) });
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
