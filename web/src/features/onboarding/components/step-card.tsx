import { Card, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StepCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The two buttons under the fields, one at each end. */
  actions: ReactNode;
}

/** The card a step's fields sit in, shared by the onboarding (step-shell) and the profile editor (editor-shell). */
export function StepCard({ title, description, children, actions }: StepCardProps) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="xl">
          {title}
        </Heading>
        {description && <Card.Description>{description}</Card.Description>}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      <Card.Footer>
        <HStack width="full" justify="space-between" gap="3">
          {actions}
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
