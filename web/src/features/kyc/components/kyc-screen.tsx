import { kycMessages } from '#shared/message-catalogue/kyc';
import { Alert, Skeleton, Stack } from '@chakra-ui/react';
import { LuBadgeCheck } from 'react-icons/lu';
import { useMyKyc } from '../api/kyc';
import { LoadError } from '@/components/ui/page-state';
import { KycFlow } from './kyc-flow';
import { KycNotice, KycPending } from './kyc-pending';

/**
 * The tutor's KYC entry point: the capture flow when nothing is submitted yet or after a
 * rejection (with the admin's note), the pending or approved state otherwise.
 */
export function KycScreen({ onDone }: { onDone: () => void }) {
  const current = useMyKyc();

  if (current.isPending) return <Skeleton h="64" rounded="xl" maxW="2xl" mx="auto" width="full" />;
  if (current.isError) {
    return (
      <Stack maxW="2xl" mx="auto" width="full">
        <LoadError title={current.error.message} onRetry={() => void current.refetch()} />
      </Stack>
    );
  }

  const status = current.data?.status;
  if (status === 'pending') return <KycPending onDone={onDone} />;
  if (status === 'approved') {
    return (
      <KycNotice
        icon={<LuBadgeCheck />}
        color="green.solid"
        title="Identité vérifiée"
        description="Votre profil affiche le badge « Vérifié »."
        onDone={onDone}
      />
    );
  }
  return (
    <Stack gap="4" width="full">
      {status === 'rejected' && (
        <Alert.Root status="error" maxW="2xl" mx="auto">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Votre vérification a été rejetée</Alert.Title>
            <Alert.Description>
              Motif : {current.data?.admin_notes ?? kycMessages.defaultRejectNote}. Vous pouvez soumettre de nouvelles photos.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <KycFlow onDone={onDone} />
    </Stack>
  );
}
