import type { KycVerification } from '#shared/kyc-schemas';
import type { MyTutorProfile } from '#shared/tutor-profile-schemas';
import type { Organisation } from '#shared/company-schemas';
import type { ParentPreferences } from '#shared/parent-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** What the profile tab shows about the signed-in user, each read by its own route. */
export function useMyKycStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['kyc', 'mine'],
    queryFn: ({ signal }) => apiRequest<KycVerification | null>('getMyKyc', { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useMyTutorProfileId(enabled: boolean) {
  return useQuery({
    queryKey: ['onboarding', 'tutor-profile'],
    queryFn: ({ signal }) => apiRequest<MyTutorProfile | null>('getMyTutorProfile', { signal }),
    enabled,
    staleTime: 0,
    select: (profile) => profile?.id ?? null,
  });
}

export function useMyParentPreferences(enabled: boolean) {
  return useQuery({
    queryKey: ['onboarding', 'parent-preferences'],
    queryFn: ({ signal }) => apiRequest<ParentPreferences | null>('getParentPreferences', { signal }),
    enabled,
  });
}

export function useMyOrganisation(enabled: boolean) {
  return useQuery({
    queryKey: ['onboarding', 'organisation'],
    queryFn: ({ signal }) => apiRequest<Organisation | null>('getOrganisation', { signal }),
    enabled,
  });
}
