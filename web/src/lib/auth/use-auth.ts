import { messages } from '#shared/messages';
import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(messages.auth.useAuthOutsideProvider);
  return context;
}
