/**
 * Admin sessions for the tests. The API refuses an admin session that did not pass the TOTP second
 * factor (functions/src/commons/second-factor.ts), so the test stack's seeded admin is enrolled
 * once, by the global set-up (`enrolSeededAdmin`), and its secret kept in the stack info; tests
 * get a session that gave a code with `adminSession()`. Codes are computed with otplib, as an
 * authenticator app would.
 */
import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { api, claimsOf, cognitoClient, signIn, stack, type TestUser, uniqueEmail } from './stack.js';
import type { StackInfo } from './stack-info.js';

/** The code an authenticator app shows now for `secret`. */
export function totpCode(secret: string): string {
  return generateSync({ secret });
}

export function seededAdmin(target: StackInfo = stack()): { role: string; email: string; password: string } {
  const account = target.accounts.find((a) => a.role === 'admin');
  if (!account) throw new Error('The test stack has no seeded admin');
  return account;
}

/**
 * Turns TOTP on for the user of `accessToken` as the console does (associate, verify a code,
 * prefer it), then has the API record the enrolment. Returns the secret.
 */
export async function enrolTotp(accessToken: string, target: StackInfo = stack()): Promise<string> {
  const cognito = cognitoClient(target);
  const { SecretCode: secret } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!secret) throw new Error('AssociateSoftwareToken gave no secret');
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(secret), FriendlyDeviceName: 'tests' }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
  const recorded = await api('/api/admin/mfa', { method: 'POST', token: accessToken, body: {} }, target);
  if (recorded.status !== 200) throw new Error(`POST /api/admin/mfa answered ${recorded.status}: ${recorded.text}`);
  // A session counts from the second after the enrolment (auth_time is in whole seconds).
  const enrolledSecond = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) <= enrolledSecond) await new Promise((resolve) => setTimeout(resolve, 50));
  return secret;
}

/** Signs in with the password, then answers Cognito's SOFTWARE_TOKEN_MFA challenge with a code. */
export async function signInWithTotp(
  email: string,
  password: string,
  secret: string,
  target: StackInfo = stack(),
): Promise<{ accessToken: string; idToken: string }> {
  const cognito = cognitoClient(target);
  const challenge = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: target.pool.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (challenge.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
    throw new Error(`Expected the SOFTWARE_TOKEN_MFA challenge, got ${challenge.ChallengeName ?? 'tokens'}`);
  }
  const result = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: target.pool.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
    }),
  );
  return { accessToken: result.AuthenticationResult!.AccessToken!, idToken: result.AuthenticationResult!.IdToken! };
}

/** Enrols the seeded admin of a freshly started test stack (global set-up); returns its secret. */
export async function enrolSeededAdmin(target: StackInfo): Promise<string> {
  const admin = seededAdmin(target);
  const { accessToken } = await signIn(admin.email, admin.password, target);
  return enrolTotp(accessToken, target);
}

/** The seeded admin, signed in with its password and a TOTP code: the admin routes answer it. */
export async function adminSession(target: StackInfo = stack()): Promise<TestUser> {
  const admin = seededAdmin(target);
  if (!target.adminTotpSecret) throw new Error('The seeded admin was not enrolled by the global set-up');
  const tokens = await signInWithTotp(admin.email, admin.password, target.adminTotpSecret, target);
  return { ...admin, ...tokens, sub: String(claimsOf(tokens.accessToken).sub) };
}

/**
 * A new admin of the test stack, created as `npm run create-admin` creates one (Cognito user,
 * group, profile), without TOTP: for the tests of the second factor itself, which must not
 * disturb the seeded admin's enrolment that other test files rely on.
 */
export async function newAdmin(target: StackInfo = stack()): Promise<TestUser> {
  // The data layer reads these when it is first imported (as in create-admin.ts).
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${target.ports.dynamodb}`,
    TABLE_NAME: 'kalan-local',
    AWS_REGION: process.env.AWS_REGION ?? 'eu-west-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER',
  });
  const { createAdmin } = await import('../../infra/scripts/admins.js');
  const email = uniqueEmail('admin');
  const password = 'Secret-123';
  await createAdmin(cognitoClient(target), target.pool.userPoolId, { email, password, firstName: 'Awa', lastName: 'Koné' });
  const tokens = await signIn(email, password, target);
  return { email, password, role: 'admin', ...tokens, sub: String(claimsOf(tokens.accessToken).sub) };
}

/**
 * A new admin that enrolled TOTP and signed in with a code: an admin session of its own, for a
 * test that checks what it alone wrote (the seeded admin acts under other files meanwhile).
 */
export async function enrolledNewAdmin(target: StackInfo = stack()): Promise<TestUser> {
  const admin = await newAdmin(target);
  const secret = await enrolTotp(admin.accessToken, target);
  const tokens = await signInWithTotp(admin.email, admin.password, secret, target);
  return { ...admin, ...tokens };
}
