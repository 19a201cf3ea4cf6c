import { CloseButton as ChakraCloseButton, type CloseButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';

/**
 * Chakra's close button, named in French: Chakra's own is read "Close" by screen readers. Use this
 * one everywhere (dialogs' close triggers), never Chakra's directly.
 */
export const CloseButton = forwardRef<HTMLButtonElement, CloseButtonProps>(function CloseButton(props, ref) {
  return <ChakraCloseButton ref={ref} aria-label="Fermer" {...props} />;
});
