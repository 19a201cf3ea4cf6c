import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { isRole } from '#shared/constants';
import { cognito } from '#commons/clients/cognito';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { ROLE_ATTRIBUTE } from './pre-sign-up.js';
import { createProfile } from './profiles.js';

/**
 * Cognito PostConfirmation: puts the user in the group of its role and writes its profile.
 * Both steps are idempotent, so a redelivered trigger changes nothing.
 */
export const handler = observedHandler(async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const role = attributes[ROLE_ATTRIBUTE];
  if (!isRole(role)) throw new Error(`PostConfirmation with an unknown role: ${role}`);
  const userId = attributes.sub;
  if (!userId) throw new Error('PostConfirmation without sub');

  await cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: event.userPoolId, Username: event.userName, GroupName: role }),
  );
  const created = await createProfile({
    user_id: userId,
    first_name: attributes.given_name?.trim() ?? '',
    last_name: attributes.family_name?.trim() ?? '',
    email: attributes.email,
    role,
  });
  logger.info('Account confirmed', { userId, role, profileCreated: created });
  return event;
});
