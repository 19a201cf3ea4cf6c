import { mfaStatusSchema, type MfaStatusResponse } from '#shared/mfa-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const mfaStatusKey = (userId: string | undefined) => ['admin', 'mfa', userId] as const;

/** `GET /api/admin/mfa`: where this admin session stands with the second factor. */
export function useMfaStatus(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: mfaStatusKey(userId),
    queryFn: async ({ signal }) => mfaStatusSchema.parse(await apiRequest<unknown>('getAdminMfa', { signal })),
    enabled,
    // Asked again on each visit of a screen: the factor can be turned off elsewhere.
    staleTime: 0,
  });
}

/** `POST /api/admin/mfa` once Cognito has TOTP on: the API records it; this session must sign in again. */
export function useRecordEnrolment(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => mfaStatusSchema.parse(await apiRequest<unknown>('enrolAdminMfa', { body: {} })),
    onSuccess: (status: MfaStatusResponse) => queryClient.setQueryData(mfaStatusKey(userId), status),
  });
}
