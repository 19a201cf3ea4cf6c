import type { EscrowDecision } from '#shared/transaction-process';
import type {
  EscrowDecisionResult,
  ParentTransactionsResponse,
  PaymentCheckResult,
  PaymentInitResult,
  PaymentRequest,
  RatingInput,
} from '#shared/payments-schemas';
import type { PackagesListResponse } from '#shared/package-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const myTransactionsKey = ['transactions', 'mine'] as const;

export function useMyTransactions(enabled = true) {
  return useQuery({
    queryKey: myTransactionsKey,
    enabled,
    queryFn: ({ signal }) => apiRequest<ParentTransactionsResponse>('listMyTransactions', { signal }),
    staleTime: 10_000,
  });
}

export function useInitializePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PaymentRequest) => apiRequest<PaymentInitResult>('initializePayment', { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTransactionsKey }),
  });
}

export function useEscrowDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: EscrowDecision }) =>
      apiRequest<EscrowDecisionResult>('decideEscrow', { params: { id }, body: { action } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTransactionsKey }),
  });
}

export function useRateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: RatingInput & { id: string }) =>
      apiRequest<{ dispute: boolean }>('rateCourse', { params: { id }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTransactionsKey }),
  });
}

/**
 * Asks Paystack about unpaid bookings (Paystack sends no webhook for a failed payment), then
 * reloads the list: the parent back from the checkout, or 'Actualiser'.
 */
export function useVerifyPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      Promise.all(ids.map((id) => apiRequest<PaymentCheckResult>('verifyPayment', { params: { id } }))),
    // A package's lessons are verified through one of them: the packages are read again too.
    onSettled: () => Promise.all([myTransactionsKey, myPackagesKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const myPackagesKey = ['packages', 'mine'] as const;

/** `GET /api/packages`: the parent's packages, each ONE payment of Mes Paiements (issue 32). */
export function useMyPackages() {
  return useQuery({
    queryKey: myPackagesKey,
    queryFn: async ({ signal }) => (await apiRequest<PackagesListResponse>('listMyPackages', { signal })).packages,
    staleTime: 10_000,
  });
}
