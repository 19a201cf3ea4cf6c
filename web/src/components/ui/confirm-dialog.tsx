import { Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { CloseButton } from './close-button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Red for irreversible money moves. */
  destructive?: boolean;
  /** Shows an optional notes field (admins). */
  withNotes?: boolean;
  loading?: boolean;
  /** Shows the dialog's 'Fermer' cross besides 'Annuler'. */
  withCloseButton?: boolean;
  onConfirm: (notes: string) => void;
  onCancel: () => void;
}

/** Asks before an irreversible action (a money move, a deletion), with optional admin notes. */
export function ConfirmDialog({ open, title, description, confirmLabel, destructive, withNotes, loading, withCloseButton, onConfirm, onCancel }: ConfirmDialogProps) {
  const [notes, setNotes] = useState('');
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && onCancel()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{description}</Text>
                {withNotes && (
                  <Field.Root>
                    <Field.Label>Notes (facultatif)</Field.Label>
                    <Textarea value={notes} maxLength={1000} onChange={(event) => setNotes(event.target.value)} />
                  </Field.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={loading}>
                Annuler
              </Button>
              <Button colorPalette={destructive ? 'red' : undefined} loading={loading} onClick={() => onConfirm(notes.trim())}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            {withCloseButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
