import { ComingSoon } from '@/components/ui/coming-soon';

export const TUTOR_REVENUES_TITLE = 'Mes Revenus';

/** Tutor earnings: period totals and history arrive with the payments issue. */
export function TutorRevenuesPlaceholder() {
  return (
    <ComingSoon description="Consultez vos revenus reçus et en attente, vos cours donnés et votre note moyenne." />
  );
}
