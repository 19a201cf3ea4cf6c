import { IN_FLIGHT_PAYOUT_STATUSES } from '#shared/payouts';
import type { PayoutsPage, PayoutView, SetDestinationInput, WalletView, WithdrawInput } from '#shared/payouts-schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const walletKey = ['wallet'] as const;
export const myPayoutsKey = ['wallet', 'payouts'] as const;

/** While a withdrawal is on its way its status is asked for this often (the operator answers in seconds). */
export const PAYOUT_POLL_MS = 2_000;

export const isInFlight = (payout: Pick<PayoutView, 'status'> | null | undefined): boolean =>
  Boolean(payout && IN_FLIGHT_PAYOUT_STATUSES.includes(payout.status));

/** The tutor's wallet: polled while a withdrawal is in flight, so 'Demandé → Envoyé → Payé' moves on screen. */
export function useWallet() {
  return useQuery({
    queryKey: walletKey,
    queryFn: ({ signal }) => apiRequest<WalletView>('getWallet', { signal }),
    staleTime: 10_000,
    refetchInterval: (query) => (isInFlight(query.state.data?.current_payout) ? PAYOUT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** 'Mes retraits', newest first, a page at a time; polled with the wallet while one is in flight. */
export function useMyPayouts(polling: boolean) {
  return useInfiniteQuery({
    queryKey: myPayoutsKey,
    queryFn: ({ pageParam, signal }) => apiRequest<PayoutsPage>('listMyPayouts', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 10_000,
    refetchInterval: polling ? PAYOUT_POLL_MS : false,
  });
}

function useInvalidateWallet() {
  const queryClient = useQueryClient();
  // The payouts' key starts with the wallet's: one invalidation refreshes both.
  return () => queryClient.invalidateQueries({ queryKey: walletKey });
}

/** E-mails the 6-digit code that proves a destination change; the answer says where it went (French). */
export function useRequestDestinationCode() {
  return useMutation({
    mutationFn: () => apiRequest<{ message?: string } | undefined>('requestDestinationCode', { body: {} }),
  });
}

export function useSetDestination() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (input: SetDestinationInput) => apiRequest<unknown>('setPayoutDestination', { body: input }),
    onSuccess: invalidate,
  });
}

/** 'Confirmer le retrait': the request_id is the dialog's, so a retry of the same request gets the same payout. */
export function useWithdraw() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (input: WithdrawInput) => apiRequest<PayoutView>('requestWithdrawal', { body: input }),
    onSettled: invalidate,
  });
}
