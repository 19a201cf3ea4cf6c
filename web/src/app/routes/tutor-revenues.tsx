import { Separator, Stack } from '@chakra-ui/react';
import { PageLayout } from '@/components/layout/page-layout';
import { TUTOR_REVENUES_TITLE, TutorRevenues } from '@/features/revenues/components/tutor-revenues';
import { WalletSection } from '@/features/wallet/components/wallet-section';

/** Mes Revenus: the wallet and its withdrawals (issue 30) first, then the earnings over a period. */
export default function TutorRevenuesRoute() {
  return (
    <PageLayout title={TUTOR_REVENUES_TITLE}>
      <Stack gap="8">
        <WalletSection />
        <Separator />
        <TutorRevenues />
      </Stack>
    </PageLayout>
  );
}
