import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toaster-store';

/**
 * Renders the toasts of the store (Chakra v3 toaster). Mounted on the first `notify` call. The
 * region and the close button are named in French: zag's defaults are "Notifications, top
 * (altKey+T)" and "Dismiss notification". Alt+T is zag's default shortcut to reach the toasts.
 */
export default function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="Notifications (Alt+T)">
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="orange.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Fermer la notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
