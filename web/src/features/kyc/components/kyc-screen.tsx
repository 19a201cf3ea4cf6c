import { messages } from '#shared/messages';
import { Alert, Button, Card, EmptyState, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { LuBadgeCheck } from 'react-icons/lu';
import { useMyKyc } from '../api/kyc';
import { KycFlow } from './kyc-flow';
import { KycPending } from './kyc-pending';

/**
 * The tutor's KYC entry point: the capture flow when nothing is submitted yet or after a
 * rejection (with the admin's note), the pending or approved state otherwise.
 */
export function KycScreen({ onDone }: { onDone: () => void }) {
  const current = useMyKyc();

  if (current.isPending) return <Skeleton h="64" rounded="xl" maxW="2xl" mx="auto" width="full" />;
  if (current.isError) {
    return (
      <Card.Root role="alert" maxW="2xl" mx="auto" width="full">
        <Card.Body>
          <Stack gap="3" align="flex-start">
            <Text fontWeight="semibold">{current.error.message}</Text>
            <Button onClick={() => void current.refetch()}>{messages.ui.retry}</Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  const status = current.data?.status;
  if (status === 'pending') return <KycPending onDone={onDone} />;
  if (status === 'approved') {
    return (
      <Card.Root maxW="2xl" mx="auto" width="full">
        <Card.Body>
          <EmptyState.Root size="md">
            <EmptyState.Content>
              <EmptyState.Indicator color="green.solid">
                <LuBadgeCheck />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="2">
                <EmptyState.Title as="h2">Identité vérifiée</EmptyState.Title>
                <EmptyState.Description>Votre profil affiche le badge « Vérifié ».</EmptyState.Description>
              </VStack>
              <Button onClick={onDone}>Terminer</Button>
            </EmptyState.Content>
          </EmptyState.Root>
        </Card.Body>
      </Card.Root>
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
              Motif : {current.data?.admin_notes ?? messages.kyc.defaultRejectNote}. Vous pouvez soumettre de nouvelles photos.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <KycFlow onDone={onDone} />
    </Stack>
  );
}
