import { uiMessages } from '#shared/message-catalogue/ui';
import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** Centered spinner shown while the session, the profile or a screen's code is loading. */
export function FullPageSpinner() {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Spinner size="xl" color="orange.solid" borderWidth="3px" />
      <VisuallyHidden>{uiMessages.loading}</VisuallyHidden>
    </Center>
  );
}

/** The same, for a part of a screen whose code is still loading (e.g. the search's advanced filters). */
export function SectionSpinner() {
  return (
    <Center py="4" role="status" aria-live="polite">
      <Spinner size="md" color="orange.solid" />
      <VisuallyHidden>{uiMessages.loading}</VisuallyHidden>
    </Center>
  );
}
