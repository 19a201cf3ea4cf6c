/**
 * Helpers for tests that talk to the running local stack: real Cognito sign-ups, real API calls.
 * They talk to the shared test stack unless given another (`target`: a stack a test started itself).
 */
import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { codeIn, nextMail } from './mailbox.js';
import type { StackInfo } from './stack-info.js';

export function stack(): StackInfo {
  return inject('stack');
}

export function cognitoClient(target: Pick<StackInfo, 'cognitoUrl'> = stack()): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: target.cognitoUrl,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export interface TestUser {
  email: string;
  password: string;
  role: string;
  accessToken: string;
  idToken: string;
  sub: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@test.kalan.ci`;
}

/**
 * A real sign-up, then (unless `confirm: false`) the confirmation with the code that lands in the
 * local mailbox, as a person would do it.
 */
export async function signUp(
  role: string,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; confirm: boolean }> = {},
  target = stack(),
): Promise<void> {
  const { pool } = target;
  const email = overrides.email ?? uniqueEmail(role);
  await cognitoClient(target).send(
    new SignUpCommand({
      ClientId: pool.userPoolClientId,
      Username: email,
      Password: overrides.password ?? 'Secret-123',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: overrides.firstName ?? 'Aya' },
        { Name: 'family_name', Value: overrides.lastName ?? 'Kouadio' },
        { Name: 'custom:role', Value: role },
      ],
    }),
  );
  if (overrides.confirm !== false) await confirmFromMailbox(email, target);
}

/** Confirms an account with the newest code e-mailed to it. */
export async function confirmFromMailbox(email: string, target: Pick<StackInfo, 'ports' | 'pool' | 'cognitoUrl'> = stack()): Promise<void> {
  const code = codeIn(await nextMail(email, target));
  await cognitoClient(target).send(
    new ConfirmSignUpCommand({ ClientId: target.pool.userPoolClientId, Username: email, ConfirmationCode: code }),
  );
}

export async function signIn(email: string, password: string, target = stack()): Promise<{ accessToken: string; idToken: string }> {
  const result = await cognitoClient(target).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: target.pool.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { accessToken: result.AuthenticationResult!.AccessToken!, idToken: result.AuthenticationResult!.IdToken! };
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The event Cognito sends its post-confirmation trigger for this user, with these attributes. */
export function postConfirmationEvent(user: Pick<TestUser, 'sub' | 'email'>, attributes: Record<string, string>) {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: stack().pool.userPoolId,
    userName: user.sub,
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    callerContext: { awsSdkVersion: '3', clientId: stack().pool.userPoolClientId },
    request: { userAttributes: { sub: user.sub, email: user.email, ...attributes } },
    response: {},
  };
}

/** Signs a new user up (through the real triggers) and signs it in. */
export async function newUser(role: string, names: { firstName?: string; lastName?: string } = {}, target = stack()): Promise<TestUser> {
  const email = uniqueEmail(role);
  const password = 'Secret-123';
  await signUp(role, { email, password, ...names }, target);
  const tokens = await signIn(email, password, target);
  return { email, password, role, ...tokens, sub: String(claimsOf(tokens.accessToken).sub) };
}

export async function api(
  path: string,
  options: { method?: string; token?: string; body?: string | object; headers?: Record<string, string> } = {},
  target = stack(),
): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${target.apiUrl}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text };
}
