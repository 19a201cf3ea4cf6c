import type { Context, PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { handler as preSignUpHandler } from '../../functions/src/auth/pre-sign-up.js';

/** Lambda always passes a context; the trigger's logging middleware reads it. */
const handler = (event: PreSignUpTriggerEvent) => preSignUpHandler(event, {} as Context);

function preSignUp(role: string | undefined, triggerSource = 'PreSignUp_SignUp'): PreSignUpTriggerEvent {
  const userAttributes: Record<string, string> = { email: 'a@b.ci', given_name: 'Aya', family_name: 'Kouadio' };
  if (role !== undefined) userAttributes['custom:role'] = role;
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'pool',
    userName: 'user',
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: { userAttributes },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

describe('PreSignUp trigger', () => {
  it('confirms a self sign-up of each public role at once', async () => {
    for (const role of ['parent', 'tuteur', 'entreprise']) {
      const result = await handler(preSignUp(role));
      expect(result?.response.autoConfirmUser).toBe(true);
      expect(result?.response.autoVerifyEmail).toBe(true);
    }
  });

  it('refuses a self sign-up as admin, with an unknown role or without a role', async () => {
    for (const role of ['admin', 'superuser', undefined]) {
      await expect(handler(preSignUp(role))).rejects.toThrow(
        messages.auth.roleNotAllowed,
      );
    }
  });

  it('lets an IAM-created account be an admin (npm run create-admin)', async () => {
    const result = await handler(preSignUp('admin', 'PreSignUp_AdminCreateUser'));
    expect(result?.response.autoConfirmUser).toBe(false);
  });
});
