/**
 * Who may open an account (functions/src/auth/pre-sign-up.ts): the public roles by themselves, an
 * admin only through an IAM-created account, always with a first and a last name; no account is
 * confirmed by the trigger (the code sent by e-mail confirms a self sign-up).
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { handler as preSignUpHandler, ROLE_ATTRIBUTE } from '../../functions/src/auth/pre-sign-up.js';
import { cognitoEvent, lambdaContext } from './cognito-events.js';

const handler = (event: PreSignUpTriggerEvent) => preSignUpHandler(event, lambdaContext);

function preSignUp(attributes: Record<string, string>, triggerSource = 'PreSignUp_SignUp'): PreSignUpTriggerEvent {
  return cognitoEvent(
    triggerSource,
    { userAttributes: { email: 'a@b.ci', given_name: 'Aya', family_name: 'Kouadio', ...attributes } },
    { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  );
}

describe('who may sign up', () => {
  it('reads the role from custom:role', () => {
    expect(ROLE_ATTRIBUTE).toBe('custom:role');
  });

  it('lets an IAM-created account take a public role too, without confirming it for the user', async () => {
    for (const role of ['parent', 'tuteur', 'entreprise', 'admin']) {
      const result = await handler(preSignUp({ 'custom:role': role }, 'PreSignUp_AdminCreateUser'));
      expect(result.response, role).toMatchObject({ autoConfirmUser: false, autoVerifyEmail: false });
    }
  });

  it('refuses an unknown role or none, however the account is created', async () => {
    for (const trigger of ['PreSignUp_SignUp', 'PreSignUp_AdminCreateUser', 'PreSignUp_ExternalProvider']) {
      await expect(handler(preSignUp({ 'custom:role': 'root' }, trigger)), trigger).rejects.toThrow(messages.auth.roleNotAllowed);
      await expect(handler(preSignUp({}, trigger)), trigger).rejects.toThrow(messages.auth.roleNotAllowed);
    }
    // Only the IAM trigger may create an admin.
    await expect(handler(preSignUp({ 'custom:role': 'admin' }, 'PreSignUp_ExternalProvider'))).rejects.toThrow(messages.auth.roleNotAllowed);
  });

  it('requires a first and a last name that are not blank', async () => {
    for (const names of [{ given_name: '' }, { given_name: '   ' }, { family_name: '' }, { family_name: ' \t' }] as Array<Record<string, string>>) {
      await expect(handler(preSignUp({ 'custom:role': 'parent', ...names })), JSON.stringify(names)).rejects.toThrow(messages.validation.required);
    }
    const withoutNames = preSignUp({ 'custom:role': 'tuteur' });
    delete withoutNames.request.userAttributes.given_name;
    await expect(handler(withoutNames)).rejects.toThrow(messages.validation.required);
    const withoutLastName = preSignUp({ 'custom:role': 'tuteur' });
    delete withoutLastName.request.userAttributes.family_name;
    await expect(handler(withoutLastName)).rejects.toThrow(messages.validation.required);
  });

  it('confirms nothing itself and returns the event', async () => {
    const event = preSignUp({ 'custom:role': 'entreprise' });
    const result = await handler(event);
    expect(result).toBe(event);
    expect(result.response).toEqual({ autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false });
  });
});
