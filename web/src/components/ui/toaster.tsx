import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toaster-store';

/**
 * Renders the toasts of the store (Chakra v3 toaster). Mounted on the first `notify` call. The
 * region and the close button are named in French: zag's defaults are "Notifications, top
 * (altKey+T)" and "Dismiss notification". Alt+T is zag's default shortcut to reach the toasts.
 */
/**
 * zag's toast group remembers the element focused before the region and gives focus back to it
 * whenever focus leaves the region (meant for Alt+T). Reached by Tab, that sent Tab from the last
 * toast back to the page's last button, never on to the header. The focus event is stopped before
 * zag records it: Tab and Shift+Tab move through the toasts as through any other part of the page.
 */
function keepNativeTabOrder(event: React.FocusEvent<HTMLElement>): void {
  event.stopPropagation();
}

export default function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="Notifications (Alt+T)" onFocusCapture={keepNativeTabOrder}>
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
