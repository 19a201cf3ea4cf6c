import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-content';

/** The dialog's code (Chakra's dialog, its focus trap: about 8 KB gzip), fetched on first opening. */
const ConfirmDialogContent = lazy(() => import('./confirm-dialog-content'));

/**
 * Asks before an irreversible action (a money move, a deletion), with optional admin notes.
 * Nothing is rendered until it is first opened; then it stays mounted, so that it closes with its
 * animation and keeps its notes as before.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    // As the booking dialog's: the page stays as it is while the code arrives (one request).
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
