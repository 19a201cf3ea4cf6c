import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { PUBLIC_ROLES } from '#shared/constants';
import { messages } from '#shared/messages';
import { isNormalizedEmail } from '#shared/schemas';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';

export const ROLE_ATTRIBUTE = 'custom:role';

/**
 * What a self sign-up may carry: exactly what the sign-up form sends. The app client's write
 * attributes say the same (infra/lib/auth.ts); this is the second lock, for the day they drift.
 */
export const SIGN_UP_ATTRIBUTES: readonly string[] = ['email', 'given_name', 'family_name', ROLE_ATTRIBUTE];
/** `npm run create-admin` also marks the address verified (it is typed by an operator). */
const ADMIN_CREATED_ATTRIBUTES: readonly string[] = [...SIGN_UP_ATTRIBUTES, 'email_verified'];

/**
 * Cognito PreSignUp. A self sign-up carries only the form's attributes (no `sub`, no
 * `email_verified`, no other custom attribute), a public role (nobody signs up as admin) and an
 * e-mail address already trimmed and in lower case (one account per address whatever its
 * capitals). `PreSignUp_AdminCreateUser` (reached only with IAM rights, by `npm run create-admin`)
 * may create admins. Nothing is confirmed here: the account waits for the code sent by e-mail.
 */
export const handler = observedHandler(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const adminCreated = event.triggerSource === 'PreSignUp_AdminCreateUser';
  const allowedAttributes = adminCreated ? ADMIN_CREATED_ATTRIBUTES : SIGN_UP_ATTRIBUTES;
  const unexpected = Object.keys(attributes).filter((name) => !allowedAttributes.includes(name));
  if (unexpected.length) {
    // Names only: values may be anything a caller crafted.
    logger.warn('Sign-up refused: attributes outside the form', { attributes: unexpected, triggerSource: event.triggerSource });
    throw new Error(messages.auth.attributeNotAllowed);
  }
  const role = attributes[ROLE_ATTRIBUTE];
  const allowed = adminCreated ? role === 'admin' || isPublicRole(role) : isPublicRole(role);
  if (!allowed) {
    logger.warn('Sign-up refused: role not allowed', { role, triggerSource: event.triggerSource });
    throw new Error(messages.auth.roleNotAllowed);
  }
  if (!attributes.given_name?.trim() || !attributes.family_name?.trim()) {
    throw new Error(messages.validation.required);
  }
  const email = attributes.email ?? '';
  if (!email) throw new Error(messages.validation.required);
  if (!isNormalizedEmail(email)) throw new Error(messages.auth.emailNotNormalized);
  // Whatever a caller asked for, the address is proved by the code sent to it.
  event.response.autoConfirmUser = false;
  event.response.autoVerifyEmail = false;
  event.response.autoVerifyPhone = false;
  return event;
});

function isPublicRole(role: string | undefined): boolean {
  return (PUBLIC_ROLES as readonly string[]).includes(role ?? '');
}
