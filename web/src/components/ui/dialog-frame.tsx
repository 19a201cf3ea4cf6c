import { Portal, type DialogBodyProps, type DialogFooterProps, type DialogPositionerProps, type DialogRootProps } from '@chakra-ui/react';
import { Dialog } from '@/components/chakra/dialog';
import type { ReactNode } from 'react';
import { CloseButton } from './close-button';

interface DialogFrameProps {
  open: boolean;
  /** Asked to close: Échap, the backdrop, the cross (and the footer's `Dialog.ActionTrigger`). */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The buttons; a `Dialog.ActionTrigger` inside closes the dialog. */
  footer: ReactNode;
  /** `alertdialog` for a confirmation. */
  role?: DialogRootProps['role'];
  /** The 'Fermer' cross: shown, inert while an action runs (`'disabled'`), or left out. */
  closeButton?: boolean | 'disabled';
  rootProps?: Omit<DialogRootProps, 'open' | 'onOpenChange' | 'role' | 'children'>;
  positionerProps?: DialogPositionerProps;
  bodyProps?: DialogBodyProps;
  footerProps?: DialogFooterProps;
}

/**
 * The frame every dialog of Kalan shares: centred over a backdrop, a title, the body, the footer's
 * buttons and the French 'Fermer' cross. Content and buttons are the caller's.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  children,
  footer,
  role,
  closeButton = true,
  rootProps,
  positionerProps,
  bodyProps,
  footerProps,
}: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" role={role} {...rootProps}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4" {...positionerProps}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body {...bodyProps}>{children}</Dialog.Body>
            <Dialog.Footer {...footerProps}>{footer}</Dialog.Footer>
            {closeButton && (
              <Dialog.CloseTrigger asChild disabled={closeButton === 'disabled'}>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
