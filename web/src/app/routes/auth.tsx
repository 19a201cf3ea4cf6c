import { AuthScreen } from '@/features/auth/components/auth-screen';

/**
 * Fetched on first visit like every screen (issue 34): a visitor's first page from a shared link
 * (a tutor's page, the search) does not carry the sign-in forms; main.tsx prefetches them when the
 * app opens on /auth or on a page that sends a visitor there.
 */
export default function AuthRoute() {
  return <AuthScreen />;
}
