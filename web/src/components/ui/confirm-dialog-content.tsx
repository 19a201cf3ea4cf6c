import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps {
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

/** The dialog of ConfirmDialog (confirm-dialog.tsx), in a module of its own. */
export default function ConfirmDialogContent({ open, title, description, confirmLabel, destructive, withNotes, loading, withCloseButton, onConfirm, onCancel }: ConfirmDialogProps) {
  const [notes, setNotes] = useState('');
  return (
    <DialogFrame
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={title}
      closeButton={withCloseButton ?? false}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={loading}>
            Annuler
          </Button>
          <Button colorPalette={destructive ? 'red' : undefined} loading={loading} onClick={() => onConfirm(notes.trim())}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{description}</Text>
        {withNotes && (
          <Field.Root>
            <Field.Label>Notes (facultatif)</Field.Label>
            <Textarea value={notes} maxLength={1000} onChange={(event) => setNotes(event.target.value)} />
          </Field.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}
