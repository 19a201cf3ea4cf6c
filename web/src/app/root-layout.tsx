import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { BookingDialogOutlet } from '@/features/payments/components/booking-dialog-outlet';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
      {/* 'Réserver votre cours', opened from any tutor card or profile. */}
      <BookingDialogOutlet />
    </>
  );
}
