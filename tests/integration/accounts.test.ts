/**
 * Accounts people can trust (issue 12, point 1), against the local stack: the e-mail proved by a
 * code from the local mailbox before the account can be used, the reset by code, the password
 * policy, one account per address whatever its capitals, and only the form's attributes at
 * sign-up — refused by the emulator (as Cognito's app client does) and by the PreSignUp trigger.
 */
import {
  AdminGetUserCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { codeIn, mailsTo, mailboxUrl, newestMailId, nextMail } from '../support/mailbox.js';
import { COGNITO_REASONS, PASSWORD_EXAMPLES } from '../support/password-examples.js';
import { api, claimsOf, cognitoClient, signIn, signUp, stack, uniqueEmail } from '../support/stack.js';

const form = (email: string, extra: Record<string, string> = {}) =>
  Object.entries({ email, given_name: 'Aya', family_name: 'Kouadio', 'custom:role': 'parent', ...extra }).map(([Name, Value]) => ({ Name, Value }));

const rawSignUp = (email: string, options: { password?: string; attributes?: Record<string, string>; username?: string } = {}) =>
  cognitoClient().send(
    new SignUpCommand({
      ClientId: stack().pool.userPoolClientId,
      Username: options.username ?? email,
      Password: options.password ?? 'Secret-123',
      UserAttributes: form(email, options.attributes),
    }),
  );

async function exists(email: string): Promise<boolean> {
  try {
    await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().pool.userPoolId, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException) return false;
    throw error;
  }
}

/** Calls the PreSignUp handler through the loopback Lambda endpoint, as Cognito would. */
async function invokePreSignUp(userAttributes: Record<string, string>): Promise<{ error?: string }> {
  const response = await fetch(`http://127.0.0.1:${stack().ports.lambda}/2015-03-31/functions/kalan-local-pre-sign-up/invocations`, {
    method: 'POST',
    body: JSON.stringify({
      version: '1',
      region: 'eu-west-1',
      userPoolId: stack().pool.userPoolId,
      userName: 'crafted',
      triggerSource: 'PreSignUp_SignUp',
      callerContext: { awsSdkVersion: '3', clientId: stack().pool.userPoolClientId },
      request: { userAttributes },
      response: { autoConfirmUser: true, autoVerifyEmail: true, autoVerifyPhone: false },
    }),
  });
  const body = (await response.json()) as { errorMessage?: string };
  return response.headers.get('x-amz-function-error') ? { error: body.errorMessage } : {};
}

describe('e-mail verified by a code before the account can be used', () => {
  it('sign-up → French code in the local mailbox → confirm → sign-in', async () => {
    const email = uniqueEmail('code');
    const result = await rawSignUp(email);
    expect(result.UserConfirmed).toBe(false);
    expect(result.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: email });

    // Refused before the code, with Cognito's error (the web opens its code step on it).
    await expect(signIn(email, 'Secret-123')).rejects.toMatchObject({ name: 'UserNotConfirmedException' });

    const mail = await nextMail(email, stack());
    expect(mail.subject).toBe(messages.auth.emails.signUpSubject);
    expect(mail.text).toContain('Bonjour Aya,');
    expect(mail.text).toContain(messages.auth.emails.signUpIntro);
    await expect(
      cognitoClient().send(new ConfirmSignUpCommand({ ClientId: stack().pool.userPoolClientId, Username: email, ConfirmationCode: '000000' === codeIn(mail) ? '111111' : '000000' })),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await cognitoClient().send(new ConfirmSignUpCommand({ ClientId: stack().pool.userPoolClientId, Username: email, ConfirmationCode: codeIn(mail) }));

    const tokens = await signIn(email, 'Secret-123');
    expect(claimsOf(tokens.idToken)).toMatchObject({ email, email_verified: true });
    const me = await api('/api/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, role: 'parent' });
  });

  it('resends a new code that replaces the first one', async () => {
    const email = uniqueEmail('resend');
    await rawSignUp(email);
    const first = await nextMail(email, stack());
    await cognitoClient().send(new ResendConfirmationCodeCommand({ ClientId: stack().pool.userPoolClientId, Username: email }));
    const second = await nextMail(email, stack(), { newerThan: first.id });
    expect(second.subject).toBe(messages.auth.emails.resendSubject);
    if (codeIn(first) !== codeIn(second)) {
      await expect(
        cognitoClient().send(new ConfirmSignUpCommand({ ClientId: stack().pool.userPoolClientId, Username: email, ConfirmationCode: codeIn(first) })),
      ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await cognitoClient().send(new ConfirmSignUpCommand({ ClientId: stack().pool.userPoolClientId, Username: email, ConfirmationCode: codeIn(second) }));
    await expect(signIn(email, 'Secret-123')).resolves.toBeDefined();
    // A confirmed account gets no more codes.
    await expect(
      cognitoClient().send(new ResendConfirmationCodeCommand({ ClientId: stack().pool.userPoolClientId, Username: email })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('the mailbox serves its mails on the loopback: JSON newest first, and a French page', async () => {
    const email = uniqueEmail('page');
    await rawSignUp(email);
    const mails = await mailsTo(email.toUpperCase(), stack());
    expect(mails).toHaveLength(1);
    const page = await fetch(`${mailboxUrl(stack())}/?to=${encodeURIComponent(email)}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(messages.mailbox.title);
    expect(html).toContain(codeIn(mails[0]!));
    expect((await fetch(`${mailboxUrl(stack())}/messages`, { method: 'POST' })).status).toBe(405);
  });
});

describe('password reset by code', () => {
  it("sends a French code, refuses a weak new password, then signs in with the new one only", async () => {
    const email = uniqueEmail('reset');
    await signUp('parent', { email });
    const before = await newestMailId(email, stack());
    await cognitoClient().send(new ForgotPasswordCommand({ ClientId: stack().pool.userPoolClientId, Username: email }));
    const mail = await nextMail(email, stack(), { newerThan: before });
    expect(mail.subject).toBe(messages.auth.emails.forgotPasswordSubject);
    const reset = (Password: string, ConfirmationCode = codeIn(mail)) =>
      cognitoClient().send(new ConfirmForgotPasswordCommand({ ClientId: stack().pool.userPoolClientId, Username: email, ConfirmationCode, Password }));

    await expect(reset('court1')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(reset('Nouveau-Secret-2026', codeIn(mail) === '000000' ? '111111' : '000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await reset('Nouveau-Secret-2026');
    await expect(signIn(email, 'Secret-123')).rejects.toBeDefined();
    await expect(signIn(email, 'Nouveau-Secret-2026')).resolves.toBeDefined();
  });
});

describe('password policy: 8 characters with a lower-case letter and a digit, enforced by the emulator as by Cognito', () => {
  it.each(PASSWORD_EXAMPLES.filter((example) => example.refused !== null))(
    'refuses a sign-up with $password, $why (InvalidPasswordException; the web says it in French)',
    async ({ password, refused }) => {
      const email = uniqueEmail('weak');
      const attempt = rawSignUp(email, { password });
      await expect(attempt).rejects.toMatchObject({ name: 'InvalidPasswordException' });
      await expect(attempt).rejects.toThrow(COGNITO_REASONS[refused!]);
      expect(await exists(email)).toBe(false);
    },
  );

  it.each(PASSWORD_EXAMPLES.filter((example) => example.refused === null))('accepts a sign-up with $password, $why', async ({ password }) => {
    const email = uniqueEmail('strong');
    expect((await rawSignUp(email, { password })).UserConfirmed).toBe(false);
    expect(await exists(email)).toBe(true);
  });
});

describe('one account per address whatever its capitals', () => {
  it('refuses a second account with the same e-mail in other capitals, and signs in with any capitals', async () => {
    const email = uniqueEmail('case');
    await signUp('parent', { email });
    const shouted = email.toUpperCase();
    await expect(rawSignUp(shouted)).rejects.toMatchObject({ name: 'UsernameExistsException' });
    const mixed = email.replace(/^./, (c) => c.toUpperCase());
    await expect(rawSignUp(mixed)).rejects.toMatchObject({ name: 'UsernameExistsException' });
    const tokens = await signIn(shouted, 'Secret-123');
    expect(claimsOf(tokens.idToken).email).toBe(email);
  });

  it('refuses a new address that is not in lower case (a crafted call skipping the form)', async () => {
    const email = uniqueEmail('Upper').replace('upper', 'Upper');
    const attempt = rawSignUp(email);
    await expect(attempt).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
    await expect(attempt).rejects.toThrow(messages.auth.emailNotNormalized);
    expect(await exists(email)).toBe(false);
  });
});

describe('only the sign-up form attributes', () => {
  it.each([
    ['a chosen sub', { sub: '00000000-0000-4000-8000-000000000000' }],
    ['email_verified', { email_verified: 'true' }],
    ['custom:x', { 'custom:x': 'anything' }],
  ])('the emulator refuses %s, as the app client does', async (_, attributes) => {
    const email = uniqueEmail('crafted');
    await expect(rawSignUp(email, { attributes })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await exists(email)).toBe(false);
    expect(await mailsTo(email, stack())).toEqual([]);
  });

  it.each([
    ['a chosen sub', { sub: '00000000-0000-4000-8000-000000000000' }],
    ['email_verified', { email_verified: 'true' }],
    ['custom:x', { 'custom:x': 'anything' }],
  ])('the PreSignUp trigger refuses %s too, in French', async (_, extra) => {
    const refused = await invokePreSignUp({ email: uniqueEmail('trigger'), given_name: 'Aya', family_name: 'Kouadio', 'custom:role': 'parent', ...extra });
    expect(refused.error).toBe(messages.auth.attributeNotAllowed);
  });

  it('refuses the role admin, by the trigger, in French, and creates nothing', async () => {
    const email = uniqueEmail('admin');
    const attempt = rawSignUp(email, { attributes: { 'custom:role': 'admin' } });
    await expect(attempt).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
    await expect(attempt).rejects.toThrow(messages.auth.roleNotAllowed);
    expect(await exists(email)).toBe(false);
  });

  it("gives the new account Cognito's own sub, never one from the request", async () => {
    const email = uniqueEmail('sub');
    const result = await rawSignUp(email);
    const mail = await nextMail(email, stack());
    await cognitoClient().send(new ConfirmSignUpCommand({ ClientId: stack().pool.userPoolClientId, Username: email, ConfirmationCode: codeIn(mail) }));
    const tokens = await signIn(email, 'Secret-123');
    expect(claimsOf(tokens.accessToken).sub).toBe(result.UserSub);
  });
});
