/**
 * Sign-up, triggers and /api/me against the real local engines: cognito-local calls the
 * PreSignUp and PostConfirmation handlers through the local Lambda endpoint, which write to
 * DynamoDB Local.
 */
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { api, cognitoClient, newUser, postConfirmationEvent, signUp, stack, uniqueEmail } from '../support/stack.js';
import { adminSession } from '../support/admin-session.js';

async function groupsOf(username: string): Promise<string[]> {
  const result = await cognitoClient().send(
    new AdminListGroupsForUserCommand({ UserPoolId: stack().pool.userPoolId, Username: username }),
  );
  return (result.Groups ?? []).map((group) => group.GroupName!);
}

describe('sign-up', () => {
  it.each(['parent', 'tuteur', 'entreprise'])('puts a new %s in its group and writes its profile', async (role) => {
    const user = await newUser(role, { firstName: 'Adjoua', lastName: "N'Guessan" });
    expect(await groupsOf(user.sub)).toEqual([role]);

    const me = await api('/api/me', { token: user.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user_id: user.sub,
      first_name: 'Adjoua',
      last_name: "N'Guessan",
      email: user.email,
      role,
      is_verified: false,
    });
    expect(Date.parse(me.body.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each(['admin', 'superuser'])('refuses a sign-up with the role %s, in Cognito itself', async (role) => {
    const email = uniqueEmail(role);
    const attempt = signUp(role, { email });
    await expect(attempt).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
    await expect(attempt).rejects.toThrow(messages.auth.roleNotAllowed);
    await expect(
      cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().pool.userPoolId, Username: email })),
    ).rejects.toBeInstanceOf(UserNotFoundException);
  });

  it('refuses a sign-up without a role', async () => {
    const email = uniqueEmail('norole');
    await expect(
      cognitoClient().send(
        new SignUpCommand({
          ClientId: stack().pool.userPoolClientId,
          Username: email,
          Password: 'Secret-123',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'given_name', Value: 'Yao' },
            { Name: 'family_name', Value: 'Konan' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
  });

  it('refuses a second account with the same email', async () => {
    const email = uniqueEmail('twice');
    await signUp('parent', { email });
    await expect(signUp('parent', { email })).rejects.toMatchObject({ name: 'UsernameExistsException' });
  });

  it('leaves the profile untouched when Cognito delivers PostConfirmation twice', async () => {
    const user = await newUser('parent');
    const before = (await api('/api/me', { token: user.accessToken })).body;
    const event = postConfirmationEvent(user, { given_name: 'Autre', family_name: 'Nom', 'custom:role': 'parent' });
    const invoked = await fetch(`http://127.0.0.1:${stack().ports.lambda}/2015-03-31/functions/kalan-local-post-confirmation/invocations`, {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(invoked.status).toBe(200);
    expect(invoked.headers.get('x-amz-function-error')).toBeNull();
    const after = (await api('/api/me', { token: user.accessToken })).body;
    expect(after).toEqual(before);
    expect(await groupsOf(user.sub)).toEqual(['parent']);
  });
});

describe('GET /api/me', () => {
  it('answers 401 without a token or with a forged one', async () => {
    expect((await api('/api/me')).status).toBe(401);
    const user = await newUser('parent');
    const [header, payload] = user.accessToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    const forged = `${header}.${forgedPayload}.${user.accessToken.split('.')[2]}`;
    expect((await api('/api/me', { token: forged })).status).toBe(401);
    expect((await api('/api/me', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it("returns each caller's own profile and never another user's", async () => {
    const [aya, koffi] = await Promise.all([
      newUser('parent', { firstName: 'Aya' }),
      newUser('tuteur', { firstName: 'Koffi' }),
    ]);
    const mine = await api('/api/me', { token: aya.accessToken });
    const theirs = await api('/api/me', { token: koffi.accessToken });
    expect(mine.body).toMatchObject({ user_id: aya.sub, first_name: 'Aya', role: 'parent' });
    expect(theirs.body).toMatchObject({ user_id: koffi.sub, first_name: 'Koffi', role: 'tuteur' });
    // Query strings and path tricks do not reach someone else's profile.
    const sneaky = await api(`/api/me?user_id=${koffi.sub}`, { token: aya.accessToken });
    expect(sneaky.body.user_id).toBe(aya.sub);
  });
});

describe('PATCH /api/me', () => {
  it('answers 400 in French to malformed JSON and changes nothing', async () => {
    const user = await newUser('parent', { firstName: 'Aya' });
    const response = await api('/api/me', { method: 'PATCH', token: user.accessToken, body: '{"first_name": "Awa"' });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'invalid_json', message: messages.validation.invalidJson });
    expect((await api('/api/me', { token: user.accessToken })).body.first_name).toBe('Aya');
  });

  it('refuses to change the role or the verification flag', async () => {
    const user = await newUser('parent');
    for (const body of [{ role: 'admin' }, { first_name: 'Awa', is_verified: true }]) {
      const response = await api('/api/me', { method: 'PATCH', token: user.accessToken, body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
    expect((await api('/api/me', { token: user.accessToken })).body).toMatchObject({ role: 'parent', is_verified: false });
  });

  it('updates the names of the caller', async () => {
    const user = await newUser('entreprise', { firstName: 'Awa' });
    const response = await api('/api/me', { method: 'PATCH', token: user.accessToken, body: { first_name: 'Awa-Marie' } });
    expect(response.status).toBe(200);
    expect((await api('/api/me', { token: user.accessToken })).body.first_name).toBe('Awa-Marie');
  });
});

describe('unknown routes', () => {
  it('answer a JSON 404 in French', async () => {
    const user = await newUser('parent');
    const response = await api('/api/does-not-exist/at-all', { token: user.accessToken });
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: 'route_not_found', message: messages.http.routeNotFound });
  });

  it('are still behind the JWT authorizer', async () => {
    expect((await api('/api/does-not-exist')).status).toBe(401);
  });
});

describe('demo data', () => {
  it('lets every demo account sign in with the printed credentials and reach its profile', async () => {
    const { signIn } = await import('../support/stack.js');
    for (const account of stack().accounts) {
      // The admin also gives its TOTP code (the test set-up enrolled it; `npm start`'s is not).
      const tokens = account.role === 'admin' ? await adminSession() : await signIn(account.email, account.password);
      const me = await api('/api/me', { token: tokens.accessToken });
      expect(me.status, account.email).toBe(200);
      expect(me.body.role).toBe(account.role);
    }
  });
});
