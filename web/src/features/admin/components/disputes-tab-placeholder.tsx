import { ComingSoon } from '@/components/ui/coming-soon';

/** Admin tab 'Litiges': arrives with the admin money issue. */
export function DisputesTabPlaceholder() {
  return <ComingSoon description="Les litiges signalés par les parents et leur suivi." />;
}
