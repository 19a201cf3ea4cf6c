import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-content';

/** The dialog's code (Chakra's dialog, its focus trap: about 8 KB gzip), not part of the page's first load. */
const loadContent = () => import('./confirm-dialog-content');
const ConfirmDialogContent = lazy(loadContent);

/**
 * Asks before an irreversible action (a money move, a deletion), with optional admin notes.
 * Nothing is rendered until it is first opened; then it stays mounted, so that it closes with its
 * animation and keeps its notes as before.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  // Fetched once the page is idle, so that the first tap on an action opens the dialog at once.
  useEffect(() => {
    if (opened || typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(() => void loadContent());
    return () => window.cancelIdleCallback(handle);
  }, [opened]);
  if (!opened) return null;
  return (
    // Its code is normally here already (fetched when idle); otherwise the page stays as it is for one request.
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
