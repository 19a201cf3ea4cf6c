import { ComingSoon } from '@/components/ui/coming-soon';

export const TUTOR_PROFILE_TITLE = 'Profil du répétiteur';

/** A tutor's public profile arrives with the tutor profile issue. */
export function TutorProfilePlaceholder() {
  return <ComingSoon description="Parcours, matières, disponibilités et tarif du répétiteur seront affichés ici." />;
}
