import { notFoundMessage } from '#shared/message-catalogue/not-found';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export default function NotFoundRoute() {
  return (
    <Center as="main" minH="100dvh" px="4" bg="bg.muted">
      <Stack align="center" gap="4" textAlign="center">
        <Heading as="h1" size="6xl" color="orange.solid">
          404
        </Heading>
        <Text fontSize="xl">{notFoundMessage}</Text>
        <Button asChild variant="outline">
          <RouterLink to="/">{uiMessages.backHome}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
