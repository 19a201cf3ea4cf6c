export { AuthProvider, preloadAuthActions } from './auth-provider';
export { useAuth } from './use-auth';
export type { AuthContextValue, AuthState } from './auth-context';
export type { AuthNextStep } from './auth-errors';
export { forgetSignUpRole, pendingSignUpRole, rememberSignUpRole } from './sign-up-intent';
export { useSignOutToAuth } from './use-sign-out';
