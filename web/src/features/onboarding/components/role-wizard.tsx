import type { Role } from '#shared/constants';
import { companyWizard } from './company-onboarding';
import { OnboardingWizard, type WizardEditing } from './onboarding-wizard';
import { parentWizard } from './parent-onboarding';
import { tutorWizard } from './tutor-onboarding';

/** The roles with answers of their own to fill (an admin has none). */
export type RoleWithProfile = Exclude<Role, 'admin'>;

export const hasProfileToFill = (role: Role): role is RoleWithProfile => role !== 'admin';

interface RoleWizardProps {
  role: RoleWithProfile;
  firstName: string;
  onDone: () => void;
  editing?: WizardEditing;
}

/** The role's onboarding steps: its first onboarding, or (`editing`) its profile editor. */
export function RoleWizard({ role, ...props }: RoleWizardProps) {
  if (role === 'parent') return <OnboardingWizard definition={parentWizard} {...props} />;
  if (role === 'entreprise') return <OnboardingWizard definition={companyWizard} {...props} />;
  return <OnboardingWizard definition={tutorWizard} {...props} />;
}
