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
  /** The notes field's label ('Notes (facultatif)' by default). */
  notesLabel?: string;
  /** The notes are required: the error shown when they are empty (a problem reported says what happened). */
  notesRequired?: string;
  loading?: boolean;
  /** Shows the dialog's 'Fermer' cross besides 'Annuler'. */
  withCloseButton?: boolean;
  onConfirm: (notes: string) => void;
  onCancel: () => void;
}

/** The dialog of ConfirmDialog (confirm-dialog.tsx), in a module of its own. */
export default function ConfirmDialogContent({
  open,
  title,
  description,
  confirmLabel,
  destructive,
  withNotes,
  notesLabel = 'Notes (facultatif)',
  notesRequired,
  loading,
  withCloseButton,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (notesRequired && !notes.trim()) return setMissing(true);
    onConfirm(notes.trim());
  };
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
          <Button colorPalette={destructive ? 'red' : undefined} loading={loading} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{description}</Text>
        {withNotes && (
          <Field.Root required={Boolean(notesRequired)} invalid={missing}>
            <Field.Label>
              {notesLabel}
              {notesRequired && <Field.RequiredIndicator />}
            </Field.Label>
            <Textarea
              value={notes}
              maxLength={1000}
              onChange={(event) => {
                setNotes(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
            />
            {missing && <Field.ErrorText>{notesRequired}</Field.ErrorText>}
          </Field.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}
