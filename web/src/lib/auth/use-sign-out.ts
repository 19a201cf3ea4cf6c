import { authMessages } from '#shared/message-catalogue/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/components/ui/notify';
import { useAuth } from './use-auth';

/**
 * Signs out and opens the sign-in screen. The local session is cleared whatever Cognito answered
 * (AuthProvider.signOut); a failure is only said, in French.
 */
export function useSignOutToAuth(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      notify.error({ title: authMessages.unexpected });
    }
    navigate('/auth', { replace: true });
  }, [signOut, navigate]);
}
