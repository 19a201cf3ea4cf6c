import { useEffect, useSyncExternalStore } from 'react';
import { createStore } from './external-store';

/** How many payment dialogs or pages are open (a count: a dialog may open over a page). */
const openPayments = createStore(0);

/**
 * Marks a payment as under way while the calling component is mounted (the booking dialog, the
 * package and renewal dialogs, the payment's return page): the 'Nouvelle version disponible'
 * prompt waits until none is (a reload then would lose the payment's screen).
 */
export function useMarkPaymentInProgress(active = true): void {
  useEffect(() => {
    if (!active) return;
    openPayments.set(openPayments.get() + 1);
    return () => openPayments.set(openPayments.get() - 1);
  }, [active]);
}

export function usePaymentInProgress(): boolean {
  return useSyncExternalStore(openPayments.subscribe, () => openPayments.get() > 0);
}
