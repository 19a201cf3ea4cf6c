import { uiMessages } from '#shared/message-catalogue/ui';
import { Alert, Button, Card, Center, EmptyState, Stack, Text, VStack, type CardRootProps } from '@chakra-ui/react';
import { type ReactNode } from 'react';

interface LoadErrorProps {
  /** What could not be loaded, in French (from the message catalogue). */
  title: ReactNode;
  description?: ReactNode;
  /** Shows 'Réessayer'; leave it out where trying again cannot help. */
  onRetry?: () => void;
  size?: 'sm' | 'md';
}

/** A list or a screen that could not be loaded: an announced error alert with 'Réessayer'. */
export function LoadError({ title, description, onRetry, size }: LoadErrorProps) {
  return (
    <Alert.Root status="error" role="alert" size={size}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {description !== undefined && <Alert.Description>{description}</Alert.Description>}
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {uiMessages.retry}
        </Button>
      )}
    </Alert.Root>
  );
}

interface EmptyNoticeProps {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or a link under the text. */
  action?: ReactNode;
  /** The title's element, where it is a heading of the page ('h2', 'h3'). */
  titleAs?: 'h2' | 'h3';
  size?: 'sm' | 'md';
  /** The icon's colour token ('orange.solid', 'green.solid'). */
  color?: string;
  /** Framed in a card with these props (a page's list); bare otherwise (inside a tab or a card). */
  card?: CardRootProps;
}

/** Nothing to show yet (an empty list, a state with nothing to do): an icon, a title, a hint, an action. */
export function EmptyNotice({ icon, title, description, action, titleAs, size = 'sm', color, card }: EmptyNoticeProps) {
  const notice = (
    <EmptyState.Root size={size}>
      <EmptyState.Content>
        <EmptyState.Indicator color={color}>{icon}</EmptyState.Indicator>
        <VStack textAlign="center" gap={size === 'md' ? '2' : '1'}>
          <EmptyState.Title as={titleAs}>{title}</EmptyState.Title>
          {description !== undefined && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
  if (!card) return notice;
  return (
    <Card.Root {...card}>
      <Card.Body>{notice}</Card.Body>
    </Card.Root>
  );
}

interface FullPageErrorProps {
  title: ReactNode;
  /** The cause, in French, under the title. */
  detail?: ReactNode;
  onRetry: () => void;
  /** A second way out beside 'Réessayer' (e.g. 'Se déconnecter'). */
  secondary?: ReactNode;
}

/** What the whole app (or a gate before it) could not load: centred, announced, with 'Réessayer'. */
export function FullPageError({ title, detail, onRetry, secondary }: FullPageErrorProps) {
  return (
    <Center minH="100dvh" px="4">
      <Stack align="center" gap="4" textAlign="center" role="alert" maxW="sm">
        <Text fontWeight="semibold">{title}</Text>
        {detail !== undefined && <Text color="fg.muted">{detail}</Text>}
        <Stack direction="row" gap="3">
          <Button onClick={onRetry}>{uiMessages.retry}</Button>
          {secondary}
        </Stack>
      </Stack>
    </Center>
  );
}
