import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { PUBLIC_ROLES } from '#shared/constants';
import { messages } from '#shared/messages';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';

export const ROLE_ATTRIBUTE = 'custom:role';

/**
 * Cognito PreSignUp: nobody signs up as admin. Only the public roles pass a self sign-up;
 * `PreSignUp_AdminCreateUser` (reached only with IAM rights, by `npm run create-admin`) may create
 * admins. Accounts are confirmed at once, as the product goes straight in after sign-up.
 */
export const handler = observedHandler(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const role = attributes[ROLE_ATTRIBUTE];
  const adminCreated = event.triggerSource === 'PreSignUp_AdminCreateUser';
  const allowed = adminCreated ? role === 'admin' || isPublicRole(role) : isPublicRole(role);
  if (!allowed) {
    logger.warn('Sign-up refused: role not allowed', { role, triggerSource: event.triggerSource });
    throw new Error(messages.auth.roleNotAllowed);
  }
  if (!attributes.given_name?.trim() || !attributes.family_name?.trim()) {
    throw new Error(messages.validation.required);
  }
  if (!adminCreated) {
    event.response.autoConfirmUser = true;
    event.response.autoVerifyEmail = true;
  }
  return event;
});

function isPublicRole(role: string | undefined): boolean {
  return (PUBLIC_ROLES as readonly string[]).includes(role ?? '');
}
