import type { KycVerification, SubmitKycInput } from '#shared/kyc-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const myKycKey = ['kyc', 'mine'] as const;

/** The tutor's latest KYC submission (null if never submitted). */
export function useMyKyc(enabled = true) {
  return useQuery({
    queryKey: myKycKey,
    queryFn: ({ signal }) => apiRequest<KycVerification | null>('getMyKyc', { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitKycInput) => apiRequest<KycVerification>('submitKyc', { body }),
    onSuccess: (saved) => queryClient.setQueryData(myKycKey, saved),
    // Refused because one is already pending or approved: show that state instead of the form.
    onError: () => queryClient.invalidateQueries({ queryKey: myKycKey }),
  });
}
