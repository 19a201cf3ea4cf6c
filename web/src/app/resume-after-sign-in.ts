/**
 * The action a visitor met 'Connexion requise' on, taken back once signed in (issue 17): the
 * guard ResumeAfterSignIn sent the user back to the page, which takes it here — once, and only on
 * the very page it was remembered on (lib/auth/after-sign-in.ts).
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { forgetPendingAction, pendingAction, type PendingAction } from '@/lib/auth/after-sign-in';

export function useTakePendingAction(): PendingAction | null {
  const { profile } = useAuth();
  const { pathname, search } = useLocation();
  const [taken, setTaken] = useState<PendingAction | null>(null);
  useEffect(() => {
    // The role decides what resumes (a parent's favourite, booking): wait for the profile.
    if (!profile) return;
    const pending = pendingAction();
    if (!pending || pending.returnTo !== `${pathname}${search}`) return;
    forgetPendingAction();
    setTaken(pending);
  }, [profile, pathname, search]);
  return taken;
}
