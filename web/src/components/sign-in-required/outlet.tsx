import { lazy, Suspense, useSyncExternalStore } from 'react';
import { signInRequiredStore } from './store';

const SignInRequiredDialog = lazy(() => import('./sign-in-required-dialog'));

/** Mount once (root layout): shows 'Connexion requise' when a visitor's tap asks for it. */
export function SignInRequiredOutlet() {
  const request = useSyncExternalStore(signInRequiredStore.subscribe, signInRequiredStore.get);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <SignInRequiredDialog request={request} onClose={() => signInRequiredStore.set(null)} />
    </Suspense>
  );
}
