import { BrowserRouter, Route, Routes } from 'react-router-dom';
import {
  RedirectIfSignedIn,
  RequireAdmin,
  RequireAuth,
  RequireOnboardingDone,
  RequireProfile,
  RequireRole,
  RequireSecondFactor,
  ResumeAfterSignIn,
  WaitForSession,
} from './guards';
import { PROFILE_EDITOR_PATH } from '@/components/layout/navigation';
import { mayHaveSession } from '@/lib/amplify';
import { expectOpeningScreen } from '@/lib/opening-reads';
import { RealtimeConnection } from '@/lib/realtime-provider';
import { screen } from './lazy-screen';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './routes/route-error';

const screens = {
  auth: screen(() => import('./routes/auth')),
  home: screen(() => import('./routes/home')),
  search: screen(() => import('./routes/search')),
  payments: screen(() => import('./routes/payments')),
  lessons: screen(() => import('./routes/lessons')),
  tutorRevenues: screen(() => import('./routes/tutor-revenues')),
  favorites: screen(() => import('./routes/favorites')),
  tutorProfile: screen(() => import('./routes/tutor-profile')),
  onboarding: screen(() => import('./routes/onboarding')),
  profileEdit: screen(() => import('./routes/profile-edit')),
  kyc: screen(() => import('./routes/kyc')),
  admin: screen(() => import('./routes/admin')),
  notifications: screen(() => import('./routes/notifications')),
  messages: screen(() => import('./routes/messages')),
  notFound: screen(() => import('./routes/not-found')),
};

const AuthRoute = screens.auth.Component;
const HomeRoute = screens.home.Component;
const SearchRoute = screens.search.Component;
const PaymentsRoute = screens.payments.Component;
const LessonsRoute = screens.lessons.Component;
const TutorRevenuesRoute = screens.tutorRevenues.Component;
const FavoritesRoute = screens.favorites.Component;
const TutorProfileRoute = screens.tutorProfile.Component;
const OnboardingRoute = screens.onboarding.Component;
const ProfileEditRoute = screens.profileEdit.Component;
const KycRoute = screens.kyc.Component;
const AdminRoute = screens.admin.Component;
const NotificationsRoute = screens.notifications.Component;
const MessagesRoute = screens.messages.Component;
const NotFoundRoute = screens.notFound.Component;

/** The screen of each address (the routes below). */
const SCREEN_OF_PATH: Record<string, keyof typeof screens> = {
  '/auth': 'auth',
  '/': 'home',
  '/search': 'search',
  '/payments': 'payments',
  '/cours': 'lessons',
  '/tutor-revenues': 'tutorRevenues',
  '/favorites': 'favorites',
  '/onboarding': 'onboarding',
  [PROFILE_EDITOR_PATH]: 'profileEdit',
  '/kyc': 'kyc',
  '/admin': 'admin',
  '/notifications': 'notifications',
  '/messages': 'messages',
};

/**
 * Starts fetching the code of the screen the app opens on, while the configuration, the session
 * and the profile load (main.tsx, before the first render): otherwise it is only asked for once
 * the guards let the screen render, one more round trip before the first paint (issue 14). Only
 * with a session, or for the screens a visitor sees too (the search, a tutor's page: issue 17, and
 * /auth): a visitor without one is sent to /auth from the others, so /auth's code is fetched instead.
 */
export function preloadScreenOf(pathname: string): void {
  const screen = pathname.startsWith('/tutors/') ? 'tutorProfile' : pathname.startsWith('/messages/') ? 'messages' : SCREEN_OF_PATH[pathname];
  if (!screen) return;
  const openToVisitors = screen === 'tutorProfile' || screen === 'search' || screen === 'auth';
  const first = openToVisitors || mayHaveSession() ? screen : 'auth';
  const module = screens[first].fetch();
  // The screen's reads start with the session (lib/opening-reads.ts).
  expectOpeningScreen(module);
  // A failure shows when the route renders (RouteErrorBoundary), not here.
  module.catch(() => undefined);
}

/**
 * The routes, in react-router's declarative mode: Kalan's screens fetch their data with
 * react-query, not with loaders or actions, and the data router's code (about 17 KB gzip on every
 * page, the first one included) served only its error element and scroll restoration, which
 * RouteErrorBoundary and RootLayout's ScrollRestoration do here (issue 14).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      {/* One WebSocket per signed-in tab, whatever the screen (issue 31): new messages refresh the lists and badges. */}
      <RealtimeConnection />
      <RouteErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            <Route element={<RedirectIfSignedIn />}>
              <Route path="/auth" element={<AuthRoute />} />
            </Route>
            {/* Open to visitors too (issue 17): they call the public routes of the API. */}
            <Route element={<WaitForSession />}>
              <Route path="/search" element={<SearchRoute />} />
              <Route path="/tutors/:id" element={<TutorProfileRoute />} />
            </Route>
            <Route element={<RequireAuth />}>
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
                  <Route element={<RequireRole roles={['parent', 'tuteur']} />}>
                    <Route path="/cours" element={<LessonsRoute />} />
                    {/* Issue 31: the two sides of a conversation only. */}
                    <Route path="/messages" element={<MessagesRoute />} />
                    <Route path="/messages/:id" element={<MessagesRoute />} />
                  </Route>
                  {/* Issue 28: the onboarding's steps again, from the Profil tab; an admin has none. */}
                  <Route element={<RequireRole roles={['parent', 'tuteur', 'entreprise']} />}>
                    <Route path={PROFILE_EDITOR_PATH} element={<ProfileEditRoute />} />
                  </Route>
                  <Route element={<RequireOnboardingDone />}>
                    {/* Signed in (or onboarded) after 'Connexion requise': back to the tutor or the search. */}
                    <Route element={<ResumeAfterSignIn />}>
                      <Route path="/" element={<HomeRoute />} />
                    </Route>
                  </Route>
                  <Route path="/onboarding" element={<OnboardingRoute />} />
                  <Route path="/kyc" element={<KycRoute />} />
                  {/* Every role's own notifications (issue 15). */}
                  <Route path="/notifications" element={<NotificationsRoute />} />
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
