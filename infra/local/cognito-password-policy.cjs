/**
 * A pool's password policy, applied as Cognito applies it: its lower-case and capital letters are
 * basic Latin (a–z, A–Z), its digits 0–9, its symbols its own list (and an inner space). Used by
 * cognito-accounts.cjs (cognito-local enforces no policy) and by tests/infra/auth.test.ts, which
 * judges the synthesized pool's policy with it.
 */
const COGNITO_SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** Cognito's reason for refusing `password` under `policy` (PasswordPolicyType), or null. */
function passwordPolicyViolation(policy, password) {
  if (!policy || typeof password !== 'string') return null;
  if (password.length < (policy.MinimumLength ?? 8)) return 'Password not long enough';
  if (policy.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (policy.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (policy.RequireSymbols && !COGNITO_SYMBOLS.test(password)) return 'Password must have symbol characters';
  return null;
}

module.exports = { passwordPolicyViolation };
