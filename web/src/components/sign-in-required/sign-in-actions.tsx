import { Button, Stack, type StackProps } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { rememberPendingAction, SIGN_UP_PATH, type PendingAction } from '@/lib/auth/after-sign-in';

interface SignInActionsProps extends StackProps {
  /** What resumes after the sign-in, and where. */
  pending: Omit<PendingAction, 'expiresAt'>;
  /** Called before leaving for /auth (e.g. the dialog closes). */
  onLeave?: () => void;
}

/**
 * 'Se connecter' and 'Créer un compte': the action is remembered (lib/auth/after-sign-in.ts), and
 * the visitor comes back to it once signed in — or signed up, confirmed and onboarded.
 */
export function SignInActions({ pending, onLeave, ...props }: SignInActionsProps) {
  const navigate = useNavigate();
  const go = (path: string) => {
    rememberPendingAction(pending);
    onLeave?.();
    navigate(path);
  };
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="2" {...props}>
      <Button onClick={() => go('/auth')}>Se connecter</Button>
      <Button variant="outline" onClick={() => go(SIGN_UP_PATH)}>
        Créer un compte
      </Button>
    </Stack>
  );
}
