import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts, with their code (Chakra toaster + zag toast machine) fetched on the first one:
 * most visits never show a toast before the first screen is painted.
 */
export interface ToastMessage {
  title: string;
  description?: string;
}

type ToastType = 'success' | 'error' | 'info' | 'warning';

const LazyToaster = lazy(() => import('./toaster'));

let requested = false;
const listeners = new Set<() => void>();

function requestToaster(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

function show(type: ToastType, message: ToastMessage): void {
  requestToaster();
  // Toasts created before <Toaster> mounts are kept by the store and shown once it does.
  void import('./toaster-store').then(({ toaster }) => toaster.create({ type, closable: true, ...message }));
}

export const notify = {
  success: (message: ToastMessage) => show('success', message),
  error: (message: ToastMessage) => show('error', message),
  info: (message: ToastMessage) => show('info', message),
  warning: (message: ToastMessage) => show('warning', message),
  /** Removes the toasts on screen (e.g. stale errors when the user submits again). */
  dismissAll: () => {
    if (requested) void import('./toaster-store').then(({ toaster }) => toaster.dismiss());
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mount once near the root: renders the toaster as soon as a first toast is requested. */
export function ToasterOutlet() {
  const isRequested = useSyncExternalStore(subscribe, () => requested);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
