import { authMessages } from '#shared/message-catalogue/auth';
import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(authMessages.useAuthOutsideProvider);
  return context;
}
