import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppPrompts } from '@/components/pwa/app-prompts';
import { SignInRequiredOutlet } from '@/components/sign-in-required';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { BookingDialogOutlet } from '@/features/payments/components/booking-dialog-outlet';
import { ScrollRestoration } from './scroll-restoration';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
      {/* 'Réserver votre cours', opened from any tutor card or profile. */}
      <BookingDialogOutlet />
      {/* 'Connexion requise', when a visitor taps what needs an account (issue 17). */}
      <SignInRequiredOutlet />
      {/* 'Nouvelle version disponible', 'Installer Kalan' (issue 34). */}
      <AppPrompts />
    </>
  );
}
