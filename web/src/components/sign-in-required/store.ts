/**
 * 'Connexion requise' (spec §6, issue 17): a visitor's tap on what needs an account (favourite,
 * 'Réserver') asks for it here; one <SignInRequiredOutlet/> shows the dialog, whose code is fetched
 * on the first ask.
 */
import type { PendingAction } from '@/lib/auth/after-sign-in';

export interface SignInRequest {
  /** The spec's message: 'Veuillez vous connecter pour ajouter aux favoris', '…pour effectuer un paiement'. */
  description: string;
  /** What resumes after the sign-in, and where. */
  pending: Omit<PendingAction, 'expiresAt'>;
}

let current: SignInRequest | null = null;
const listeners = new Set<() => void>();

export const signInRequiredStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(request: SignInRequest | null) {
    current = request;
    listeners.forEach((listener) => listener());
  },
};

export function askToSignIn(request: SignInRequest): void {
  signInRequiredStore.set(request);
}
