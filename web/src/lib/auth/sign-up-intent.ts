/**
 * The account type a visitor is about to sign up with, remembered across a sign-out in this tab
 * only: 'Devenir répétiteur' on a parent's account signs it out and the sign-up must open as
 * Répétiteur, whatever route the sign-out passes through on its way to /auth.
 */
import type { PublicRole } from '#shared/constants';
import { PUBLIC_ROLES } from '#shared/constants';

const KEY = 'kalan:sign-up-as';

export function rememberSignUpRole(role: PublicRole): void {
  try {
    window.sessionStorage.setItem(KEY, role);
  } catch {
    // storage disabled: the sign-up opens as usual
  }
}

export function pendingSignUpRole(): PublicRole | null {
  try {
    const role = window.sessionStorage.getItem(KEY);
    return (PUBLIC_ROLES as readonly string[]).includes(role ?? '') ? (role as PublicRole) : null;
  } catch {
    return null;
  }
}

export function forgetSignUpRole(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing remembered
  }
}
