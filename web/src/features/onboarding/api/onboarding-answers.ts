import type { MyTutorProfile, TutorProfileInput } from '#shared/tutor-profile-schemas';
import type { Organisation, OrganisationInput } from '#shared/company-schemas';
import type { ParentPreferences, ParentPreferencesInput } from '#shared/parent-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const parentPreferencesKey = ['onboarding', 'parent-preferences'] as const;
export const organisationKey = ['onboarding', 'organisation'] as const;
export const myTutorProfileKey = ['onboarding', 'tutor-profile'] as const;

export function useParentPreferences(enabled = true) {
  return useQuery({
    queryKey: parentPreferencesKey,
    queryFn: ({ signal }) => apiRequest<ParentPreferences | null>('getParentPreferences', { signal }),
    enabled,
  });
}

export function useSaveParentPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentPreferencesInput) => apiRequest<ParentPreferences>('saveParentPreferences', { body }),
    onSuccess: (saved) => queryClient.setQueryData(parentPreferencesKey, saved),
  });
}

export function useOrganisation(enabled = true) {
  return useQuery({
    queryKey: organisationKey,
    queryFn: ({ signal }) => apiRequest<Organisation | null>('getOrganisation', { signal }),
    enabled,
  });
}

export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationInput) => apiRequest<Organisation>('saveOrganisation', { body }),
    onSuccess: (saved) => queryClient.setQueryData(organisationKey, saved),
  });
}

export function useMyTutorProfile(enabled = true) {
  return useQuery({
    queryKey: myTutorProfileKey,
    queryFn: ({ signal }) => apiRequest<MyTutorProfile | null>('getMyTutorProfile', { signal }),
    enabled,
    // Presigned image URLs expire: never serve them from a stale cache.
    staleTime: 0,
  });
}

export function useSaveTutorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TutorProfileInput) => apiRequest<MyTutorProfile>('saveMyTutorProfile', { body }),
    onSuccess: (saved) => queryClient.setQueryData(myTutorProfileKey, saved),
  });
}
