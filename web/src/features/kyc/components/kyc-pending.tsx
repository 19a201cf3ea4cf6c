import { messages } from '#shared/messages';
import { Button, Card, EmptyState, VStack } from '@chakra-ui/react';
import { LuHourglass } from 'react-icons/lu';

/** 'Vérification en cours': shown once the documents are submitted. */
export function KycPending({ onDone }: { onDone?: () => void }) {
  return (
    <Card.Root maxW="2xl" mx="auto" width="full">
      <Card.Body>
        <EmptyState.Root size="md">
          <EmptyState.Content>
            <EmptyState.Indicator color="orange.solid">
              <LuHourglass />
            </EmptyState.Indicator>
            <VStack textAlign="center" gap="2">
              <EmptyState.Title as="h2">{messages.kyc.pendingTitle}</EmptyState.Title>
              <EmptyState.Description>{messages.kyc.pendingDescription}</EmptyState.Description>
            </VStack>
            {onDone && <Button onClick={onDone}>Terminer</Button>}
          </EmptyState.Content>
        </EmptyState.Root>
      </Card.Body>
    </Card.Root>
  );
}
