import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth, RequireOnboardingDone, RequireProfile, RequireRole, RequireSecondFactor } from './guards';
import { RootLayout } from './root-layout';
import { AuthRoute } from './routes/auth';
import { RouteError } from './routes/route-error';

// Every screen but /auth is fetched on first visit, so that /auth starts with little JS.
const HomeRoute = lazy(() => import('./routes/home'));
const SearchRoute = lazy(() => import('./routes/search'));
const PaymentsRoute = lazy(() => import('./routes/payments'));
const TutorRevenuesRoute = lazy(() => import('./routes/tutor-revenues'));
const FavoritesRoute = lazy(() => import('./routes/favorites'));
const TutorProfileRoute = lazy(() => import('./routes/tutor-profile'));
const OnboardingRoute = lazy(() => import('./routes/onboarding'));
const KycRoute = lazy(() => import('./routes/kyc'));
const AdminRoute = lazy(() => import('./routes/admin'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: '/auth', element: <AuthRoute /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/search', element: <SearchRoute /> },
          { path: '/tutors/:id', element: <TutorProfileRoute /> },
          {
            element: <RequireProfile />,
            children: [
              {
                // An admin's session must have passed the TOTP second factor (features/admin-mfa).
                element: <RequireSecondFactor />,
                children: [
                  // Each role's own screens (components/layout/navigation.ts).
                  { element: <RequireRole roles={['parent']} money />, children: [{ path: '/payments', element: <PaymentsRoute /> }] },
                  { element: <RequireRole roles={['tuteur']} money />, children: [{ path: '/tutor-revenues', element: <TutorRevenuesRoute /> }] },
                  { element: <RequireRole roles={['parent']} />, children: [{ path: '/favorites', element: <FavoritesRoute /> }] },
                  { element: <RequireOnboardingDone />, children: [{ path: '/', element: <HomeRoute /> }] },
                  { path: '/onboarding', element: <OnboardingRoute /> },
                  { path: '/kyc', element: <KycRoute /> },
                  { element: <RequireAdmin />, children: [{ path: '/admin', element: <AdminRoute /> }] },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
