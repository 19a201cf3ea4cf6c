import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { webMessages } from '@/lib/web-messages';

/** Centered spinner shown while the session, the profile or a screen's code is loading. */
export function FullPageSpinner() {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Spinner size="xl" color="orange.solid" borderWidth="3px" />
      <VisuallyHidden>{webMessages.loading}</VisuallyHidden>
    </Center>
  );
}
