/**
 * The PreSignUp trigger's locks on what a sign-up may carry (functions/src/auth/pre-sign-up.ts):
 * only the form's attributes, an e-mail already in lower case, and nothing confirmed before the
 * code sent by e-mail is typed.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { handler as preSignUpHandler } from '../../functions/src/auth/pre-sign-up.js';
import { cognitoEvent, lambdaContext } from './cognito-events.js';

const handler = (event: PreSignUpTriggerEvent) => preSignUpHandler(event, lambdaContext);

function preSignUp(attributes: Record<string, string>, triggerSource = 'PreSignUp_SignUp'): PreSignUpTriggerEvent {
  return cognitoEvent(
    triggerSource,
    { userAttributes: { email: 'aya@exemple.ci', given_name: 'Aya', family_name: 'Kouadio', 'custom:role': 'parent', ...attributes } },
    { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  );
}

describe('PreSignUp: nothing confirmed before the e-mailed code', () => {
  it.each(['parent', 'tuteur', 'entreprise'])('leaves a self sign-up as %s unconfirmed and its e-mail unverified', async (role) => {
    const result = await handler(preSignUp({ 'custom:role': role }));
    expect(result.response).toEqual({ autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false });
  });

  it('turns off a confirmation that arrived already set in the event', async () => {
    const event = preSignUp({});
    event.response.autoConfirmUser = true;
    event.response.autoVerifyEmail = true;
    const result = await handler(event);
    expect(result.response).toMatchObject({ autoConfirmUser: false, autoVerifyEmail: false });
  });
});

describe('PreSignUp: only the form attributes', () => {
  it.each([
    ['a chosen sub', { sub: '00000000-0000-0000-0000-000000000000' }],
    ['email_verified', { email_verified: 'true' }],
    ['another custom attribute', { 'custom:anything': 'x' }],
    ['a custom admin flag', { 'custom:is_admin': 'true' }],
    ['a phone number', { phone_number: '+2250700000000' }],
    ['cognito:groups', { 'cognito:groups': 'admin' }],
  ])('refuses %s', async (_, extra) => {
    await expect(handler(preSignUp(extra))).rejects.toThrow(messages.auth.attributeNotAllowed);
  });

  it('refuses a role that is not public, and admits the four form attributes', async () => {
    await expect(handler(preSignUp({ 'custom:role': 'admin' }))).rejects.toThrow(messages.auth.roleNotAllowed);
    await expect(handler(preSignUp({}))).resolves.toBeDefined();
  });

  it('lets npm run create-admin mark the address verified, and nothing more', async () => {
    await expect(handler(preSignUp({ 'custom:role': 'admin', email_verified: 'true' }, 'PreSignUp_AdminCreateUser'))).resolves.toBeDefined();
    await expect(handler(preSignUp({ 'custom:role': 'admin', sub: 'x' }, 'PreSignUp_AdminCreateUser'))).rejects.toThrow(messages.auth.attributeNotAllowed);
    // email_verified only comes with IAM rights.
    await expect(handler(preSignUp({ email_verified: 'true' }, 'PreSignUp_SignUp'))).rejects.toThrow(messages.auth.attributeNotAllowed);
  });
});

describe('PreSignUp: one account per address whatever its capitals', () => {
  it.each(['Aya@exemple.ci', 'AYA@EXEMPLE.CI', ' aya@exemple.ci', 'aya@exemple.ci '])('refuses %j', async (email) => {
    await expect(handler(preSignUp({ email }))).rejects.toThrow(messages.auth.emailNotNormalized);
  });

  it('refuses a sign-up without an e-mail', async () => {
    const event = preSignUp({});
    delete event.request.userAttributes.email;
    await expect(handler(event)).rejects.toThrow(messages.validation.required);
  });
});
