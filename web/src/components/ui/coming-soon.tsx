import { messages } from '#shared/messages';
import { Card, EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuHourglass } from 'react-icons/lu';

interface ComingSoonProps {
  /** What the screen will offer, in one or two sentences. */
  description: ReactNode;
  children?: ReactNode;
}

/** "Bientôt disponible" state of a screen whose real content comes in a later issue. */
export function ComingSoon({ description, children }: ComingSoonProps) {
  return (
    <Card.Root variant="outline" borderStyle="dashed" bg="bg.subtle">
      <Card.Body>
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator color="orange.solid">
              <LuHourglass />
            </EmptyState.Indicator>
            <VStack textAlign="center" gap="1">
              <EmptyState.Title as="h2">{messages.comingSoon}</EmptyState.Title>
              <EmptyState.Description>{description}</EmptyState.Description>
            </VStack>
            {children}
          </EmptyState.Content>
        </EmptyState.Root>
      </Card.Body>
    </Card.Root>
  );
}
