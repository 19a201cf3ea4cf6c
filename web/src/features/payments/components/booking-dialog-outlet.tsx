import { lazy, Suspense, useSyncExternalStore } from 'react';
import { bookingStore } from './booking-store';

const BookingDialog = lazy(() => import('./booking-dialog'));

/** Mount once (root layout): shows 'Réserver votre cours' when a 'Réserver' button asks for it. */
export function BookingDialogOutlet() {
  const target = useSyncExternalStore(bookingStore.subscribe, bookingStore.get);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog key={target.id} tutor={target} onClose={() => bookingStore.set(null)} />
    </Suspense>
  );
}
