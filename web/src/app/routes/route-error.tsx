import { messages } from '#shared/messages';
import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';

/** Any render error, or a screen's code that failed to download (e.g. after a new deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center minH="100dvh" px="4">
      <Stack align="center" gap="4" textAlign="center" role="alert">
        <Text fontWeight="semibold">{messages.http.internal}</Text>
        <Button onClick={() => window.location.reload()}>{messages.ui.retry}</Button>
      </Stack>
    </Center>
  );
}
