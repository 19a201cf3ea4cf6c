import { AuthScreen } from '@/features/auth/components/auth-screen';

/** Loaded eagerly: /auth is the first screen of every signed-out visitor. */
export function AuthRoute() {
  return <AuthScreen />;
}
