import type { CreditsListResponse, CreditUseResult, GuaranteeAllowance, GuaranteeClaimInput, GuaranteeClaimResult, UseCreditInput } from '#shared/package-schemas';
import { SUBJECTS } from '#shared/constants';
import type { SearchResponse } from '#shared/discovery-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const guaranteeAllowanceKey = ['guarantee', 'allowance'] as const;
export const myCreditsKey = ['credits', 'mine'] as const;

/** What a claim or a spent credit changes: the lessons ('Mes cours'), the payments, the credits, the allowance. */
const TOUCHED_KEYS = [['lessons'], ['transactions'], ['packages'], myCreditsKey, guaranteeAllowanceKey] as const;

function useInvalidateTouched() {
  const queryClient = useQueryClient();
  return () => Promise.all(TOUCHED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** `GET /api/guarantee`: the claims left this year (a parent's). */
export function useGuaranteeAllowance(enabled = true) {
  return useQuery({
    queryKey: guaranteeAllowanceKey,
    queryFn: ({ signal }) => apiRequest<GuaranteeAllowance>('getGuaranteeAllowance', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** `GET /api/credits`: the parent's open credits. */
export function useMyCredits(enabled = true) {
  return useQuery({
    queryKey: myCreditsKey,
    queryFn: async ({ signal }) => (await apiRequest<CreditsListResponse>('listMyCredits', { signal })).credits,
    enabled,
    staleTime: 10_000,
  });
}

/** `POST /api/lessons/{id}/guarantee`: the claim, refund or credit. */
export function useClaimGuarantee() {
  const invalidate = useInvalidateTouched();
  return useMutation({
    mutationFn: ({ id, ...body }: GuaranteeClaimInput & { id: string }) => apiRequest<GuaranteeClaimResult>('claimGuarantee', { params: { id }, body }),
    onSettled: invalidate,
  });
}

/** `POST /api/credits/{id}/use`: a new lesson paid by the credit. */
export function useSpendCredit() {
  const invalidate = useInvalidateTouched();
  return useMutation({
    mutationFn: ({ id, ...body }: UseCreditInput & { id: string }) => apiRequest<CreditUseResult>('useCredit', { params: { id }, body }),
    onSettled: invalidate,
  });
}

/** The tutors a replacement lesson may be booked with: the search's, for the lesson's subject (and a name or words typed). */
export function useTutorsForSubject(lessonSubject: string, text: string, enabled: boolean) {
  // The search knows only the catalogue's subjects: another one searches every tutor.
  const subject = (SUBJECTS as readonly string[]).includes(lessonSubject) ? lessonSubject : undefined;
  const q = text.trim() || undefined;
  return useQuery({
    queryKey: ['search', 'credit-tutors', subject ?? '', q ?? ''],
    queryFn: ({ signal }) =>
      apiRequest<SearchResponse>('searchTutors', { query: { q, subject, sortBy: 'rating', limit: 20 }, signal }),
    enabled,
    staleTime: 60_000,
  });
}
