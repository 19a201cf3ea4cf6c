import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth, RequireOnboardingDone, RequireProfile, RequireRole, RequireSecondFactor } from './guards';
import { RootLayout } from './root-layout';
import { AuthRoute } from './routes/auth';
import { RouteErrorBoundary } from './routes/route-error';

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

/**
 * The routes, in react-router's declarative mode: Kalan's screens fetch their data with
 * react-query, not with loaders or actions, and the data router's code (about 17 KB gzip on every
 * page, the first one included) served only its error element and scroll restoration, which
 * RouteErrorBoundary and RootLayout's ScrollRestoration do here (issue 14).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            <Route element={<RedirectIfSignedIn />}>
              <Route path="/auth" element={<AuthRoute />} />
            </Route>
            <Route element={<RequireAuth />}>
              <Route path="/search" element={<SearchRoute />} />
              <Route path="/tutors/:id" element={<TutorProfileRoute />} />
              <Route element={<RequireProfile />}>
                {/* An admin's session must have passed the TOTP second factor (features/admin-mfa). */}
                <Route element={<RequireSecondFactor />}>
                  {/* Each role's own screens (components/layout/navigation.ts). */}
                  <Route element={<RequireRole roles={['parent']} money />}>
                    <Route path="/payments" element={<PaymentsRoute />} />
                  </Route>
                  <Route element={<RequireRole roles={['tuteur']} money />}>
                    <Route path="/tutor-revenues" element={<TutorRevenuesRoute />} />
                  </Route>
                  <Route element={<RequireRole roles={['parent']} />}>
                    <Route path="/favorites" element={<FavoritesRoute />} />
                  </Route>
                  <Route element={<RequireOnboardingDone />}>
                    <Route path="/" element={<HomeRoute />} />
                  </Route>
                  <Route path="/onboarding" element={<OnboardingRoute />} />
                  <Route path="/kyc" element={<KycRoute />} />
                  <Route element={<RequireAdmin />}>
                    <Route path="/admin" element={<AdminRoute />} />
                  </Route>
                </Route>
              </Route>
            </Route>
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
