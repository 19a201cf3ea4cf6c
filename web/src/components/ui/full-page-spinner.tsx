import { uiMessages } from '#shared/message-catalogue/ui';
import { Center, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';

/**
 * Kalan's name, a spinner and 'Chargement…', centred: shown while the session, the profile or a
 * screen's code is loading. web/index.html draws the same before the app has started (its splash,
 * in the same Chakra variables), so the page goes from one to the other without a change.
 */
export function FullPageSpinner() {
  return (
    <Center minH="100dvh" role="status" aria-live="polite" flexDirection="column" gap="3">
      <Text as="span" textStyle="2xl" fontWeight="bold" color="orange.solid" aria-hidden>
        Kalan
      </Text>
      <Spinner size="xl" color="orange.solid" borderWidth="3px" />
      <Text as="span" textStyle="sm" color="fg.muted">
        {uiMessages.loading}
      </Text>
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
