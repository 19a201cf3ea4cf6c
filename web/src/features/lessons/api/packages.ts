import type { CreditsListResponse, CreditUseResult, PackageInitResult, PackagesListResponse, PackageView, RenewalPreview } from '#shared/package-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { readOnEachVisit } from '@/lib/opening-reads';
import { tutorSlotsKey } from '@/lib/tutor-slots';
import { myLessonsKey } from './lessons';

export const myPackagesKey = ['packages', 'mine'] as const;
export const myCreditsKey = ['credits', 'mine'] as const;

/** The caller's packages (parent's or tutor's), newest first: 'Mes cours' groups their lessons under them. */
export const myPackagesQuery = () =>
  queryOptions({
    queryKey: myPackagesKey,
    queryFn: async ({ signal }) => (await apiRequest<PackagesListResponse>('listMyPackages', { signal })).packages,
    staleTime: readOnEachVisit,
  });

export function useMyPackages() {
  return useQuery(myPackagesQuery());
}

/** The parent's open credits (package lessons cancelled in time). */
export const myCreditsQuery = () =>
  queryOptions({
    queryKey: myCreditsKey,
    queryFn: async ({ signal }) => (await apiRequest<CreditsListResponse>('listMyCredits', { signal })).credits,
    staleTime: readOnEachVisit,
  });

export function useMyCredits(enabled: boolean) {
  return useQuery({ ...myCreditsQuery(), enabled });
}

/** Everything an answer, a stop, a rebooking or a move changes: lessons, packages, credits, payments, slots. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [myLessonsKey, myPackagesKey, myCreditsKey, ['transactions'], ['tutors']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export type PackageAnswer = 'accept' | 'decline';

/** The tutor's 'Accepter le forfait' / 'Refuser': every lesson still awaiting an answer. */
export function usePackageAnswer() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: PackageAnswer }) =>
      apiRequest<PackageView>(answer === 'accept' ? 'acceptPackage' : 'declinePackage', { params: { id } }),
    onSettled: refresh,
  });
}

/** The parent's 'Arrêter le forfait'. */
export function useStopPackage() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>('stopPackage', { params: { id } }),
    onSettled: refresh,
  });
}

/** 'Renouveler': the next 4 weeks in the same slots, and which are no longer free. */
export function useRenewalPreview(id: string) {
  return useQuery({
    queryKey: ['packages', id, 'renewal'],
    queryFn: ({ signal }) => apiRequest<RenewalPreview>('getPackageRenewal', { params: { id }, signal }),
    staleTime: 0,
  });
}

/** The renewal's one payment (the API books it with the package's own payment method). */
export function useRenewPackage() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PackageInitResult>('renewPackage', { params: { id } }),
    onSettled: refresh,
  });
}

/** Spends a package credit on a free slot of the same tutor (`POST /api/credits/{id}/use`). */
export function useSpendCredit() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, tutorId, slots }: { id: string; tutorId: string; slots: string[] }) =>
      apiRequest<CreditUseResult>('useCredit', { params: { id }, body: { tutorId, slots } }),
    onSettled: refresh,
  });
}

/** The tutor's 'Proposer un autre créneau' for a package lesson on a day off (`POST /api/lessons/{id}/reschedule`). */
export function useReschedule(tutorId: string) {
  const refresh = useRefreshAll();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slots }: { id: string; slots: string[] }) => apiRequest<unknown>('rescheduleLesson', { params: { id }, body: { slots } }),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: tutorSlotsKey(tutorId) })]),
  });
}
