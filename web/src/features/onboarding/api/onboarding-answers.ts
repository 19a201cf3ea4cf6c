import { myTutorProfile, organisation, parentPreferences } from '@/lib/my-records';

/** Each role's onboarding answers: read to resume the wizard, saved at its end. */
export const useParentPreferences = parentPreferences.useRecord;
export const useSaveParentPreferences = parentPreferences.useSave;
export const useOrganisation = organisation.useRecord;
export const useSaveOrganisation = organisation.useSave;
export const useMyTutorProfile = myTutorProfile.useRecord;
export const useSaveTutorProfile = myTutorProfile.useSave;
