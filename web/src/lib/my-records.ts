import type { Organisation, OrganisationInput } from '#shared/company-schemas';
import type { KycVerification, SubmitKycInput } from '#shared/kyc-schemas';
import type { ParentPreferences, ParentPreferencesInput } from '#shared/parent-schemas';
import type { MyTutorProfile, TutorProfileInput } from '#shared/tutor-profile-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type CallableRouteId } from './api';

interface RecordRoutes {
  key: readonly string[];
  read: CallableRouteId;
  write: CallableRouteId;
  /** It carries presigned URLs that expire, or a status an admin changes: never served from a stale cache. */
  alwaysFresh?: boolean;
  /** A refused save means the stored record moved on (a KYC already pending): read it again. */
  refetchOnSaveError?: boolean;
}

/**
 * A record the signed-in user owns, read by one route (null before the first save) and saved by
 * another; the saved record replaces the cached one. Onboarding, KYC and the profile tab share them.
 */
function myRecord<Saved, Input>({ key, read, write, alwaysFresh, refetchOnSaveError }: RecordRoutes) {
  return {
    key,
    useRecord: (enabled = true) =>
      useQuery({
        queryKey: key,
        queryFn: ({ signal }) => apiRequest<Saved | null>(read, { signal }),
        enabled,
        ...(alwaysFresh && { staleTime: 0 }),
      }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: Input) => apiRequest<Saved>(write, { body }),
        onSuccess: (saved) => queryClient.setQueryData(key, saved),
        ...(refetchOnSaveError && { onError: () => queryClient.invalidateQueries({ queryKey: key }) }),
      });
    },
  };
}

export const parentPreferences = myRecord<ParentPreferences, ParentPreferencesInput>({
  key: ['onboarding', 'parent-preferences'],
  read: 'getParentPreferences',
  write: 'saveParentPreferences',
});

export const organisation = myRecord<Organisation, OrganisationInput>({
  key: ['onboarding', 'organisation'],
  read: 'getOrganisation',
  write: 'saveOrganisation',
});

export const myTutorProfile = myRecord<MyTutorProfile, TutorProfileInput>({
  key: ['onboarding', 'tutor-profile'],
  read: 'getMyTutorProfile',
  write: 'saveMyTutorProfile',
  alwaysFresh: true,
});

/** The tutor's latest KYC submission (null if never submitted). */
export const myKyc = myRecord<KycVerification, SubmitKycInput>({
  key: ['kyc', 'mine'],
  read: 'getMyKyc',
  write: 'submitKyc',
  alwaysFresh: true,
  refetchOnSaveError: true,
});
