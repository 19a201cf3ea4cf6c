import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { offlineMessages } from '#shared/message-catalogue/offline';
import { CloseButton } from '@/components/ui/close-button';
import { useInstallOffer } from '@/lib/pwa/install';
import { usePaymentInProgress } from '@/lib/pwa/payment-in-progress';
import { updateNow, updateWaiting } from '@/lib/pwa/service-worker';

function PromptCard({ label, title, text, children, onClose }: { label: string; title: string; text: string; children: ReactNode; onClose: () => void }) {
  return (
    <Box
      as="section"
      aria-label={label}
      position="fixed"
      insetX={{ base: '3', md: 'auto' }}
      right={{ md: '6' }}
      bottom={{ base: 'calc(0.75rem + env(safe-area-inset-bottom))', md: '6' }}
      maxW={{ md: 'sm' }}
      zIndex="toast"
      bg="bg"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="lg"
      p="4"
    >
      <Flex gap="3" align="start">
        <Stack gap="1" flex="1">
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {text}
          </Text>
          <Flex gap="2" pt="2" wrap="wrap">
            {children}
          </Flex>
        </Stack>
        <CloseButton size="sm" aria-label={offlineMessages.later} onClick={onClose} />
      </Flex>
    </Box>
  );
}

/**
 * 'Nouvelle version disponible' (issue 34): never while a payment dialog or page is open — a
 * reload would lose it; 'Plus tard' leaves the new version for the next visit.
 */
function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateWaiting.subscribe, updateWaiting.get);
  const paying = usePaymentInProgress();
  if (!waiting || paying) return null;
  return (
    <PromptCard label={offlineMessages.updateTitle} title={offlineMessages.updateTitle} text={offlineMessages.updateText} onClose={() => updateWaiting.set(false)}>
      <Button size="sm" onClick={() => void updateNow()}>
        {offlineMessages.updateAction}
      </Button>
      <Button size="sm" variant="outline" onClick={() => updateWaiting.set(false)}>
        {offlineMessages.later}
      </Button>
    </PromptCard>
  );
}

/** 'Installer Kalan', once the moment has come (lib/pwa/install.ts); not during a payment either. */
function InstallPrompt() {
  const { offered, install, dismiss } = useInstallOffer();
  const paying = usePaymentInProgress();
  if (!offered || paying) return null;
  return (
    <PromptCard label={offlineMessages.installTitle} title={offlineMessages.installTitle} text={offlineMessages.installText} onClose={dismiss}>
      <Button size="sm" onClick={() => void install()}>
        {offlineMessages.installAction}
      </Button>
      <Button size="sm" variant="outline" onClick={dismiss}>
        {offlineMessages.installDismiss}
      </Button>
    </PromptCard>
  );
}

/** The installed app's prompts, one at a time: an update first. */
export function AppPrompts() {
  const waiting = useSyncExternalStore(updateWaiting.subscribe, updateWaiting.get);
  return waiting ? <UpdatePrompt /> : <InstallPrompt />;
}
