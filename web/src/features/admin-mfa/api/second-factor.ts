import type { MfaStatusResponse } from '#shared/mfa-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * The answer, read with its schema. The schema (and zod) is fetched with the answer: the gate
 * sits on every signed-in route, so a static import would put zod on a visitor's first page too.
 */
async function mfaStatusOf(answer: Promise<unknown>): Promise<MfaStatusResponse> {
  const [{ mfaStatusSchema }, payload] = await Promise.all([import('#shared/mfa-schemas'), answer]);
  return mfaStatusSchema.parse(payload);
}

export const mfaStatusKey = (userId: string | undefined) => ['admin', 'mfa', userId] as const;

/** `GET /api/admin/mfa`: where this admin session stands with the second factor. */
export function useMfaStatus(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: mfaStatusKey(userId),
    queryFn: ({ signal }) => mfaStatusOf(apiRequest<unknown>('getAdminMfa', { signal })),
    enabled,
    // Asked again on each visit of a screen: the factor can be turned off elsewhere.
    staleTime: 0,
  });
}

/** `POST /api/admin/mfa` once Cognito has TOTP on: the API records it; this session must sign in again. */
export function useRecordEnrolment(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => mfaStatusOf(apiRequest<unknown>('enrolAdminMfa', { body: {} })),
    onSuccess: (status: MfaStatusResponse) => queryClient.setQueryData(mfaStatusKey(userId), status),
  });
}
