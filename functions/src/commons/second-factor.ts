/**
 * The admin's second factor (TOTP). Cognito's tokens do not say whether a session passed MFA (no
 * `amr` claim), so an admin session counts as having passed it when all three hold:
 * - the admin's profile records a TOTP enrolment (`mfa_enrolled_at`, written by the enrolment route
 *   once Cognito confirmed the factor);
 * - the session began after it (`auth_time`): from then on Cognito asks the code at every sign-in,
 *   so a later session gave one;
 * - Cognito still has TOTP on for the user (AdminGetUser): an admin — or someone holding one of its
 *   tokens — who turns TOTP off could otherwise sign in again with the password alone.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { MfaStatus } from '#shared/mfa-schemas';
import { messages } from '#shared/messages';
import { cognito } from './clients/cognito.js';
import { ProfileEntity } from './db.js';
import { requireEnv } from './env.js';
import { SecondFactorRequiredError } from './errors.js';

export interface SessionOfAdmin {
  userId: string;
  /** Cognito's user name (the access token's `username`), which AdminGetUser takes. */
  username?: string;
  /** The token's `auth_time`, seconds since the epoch. */
  authTime?: number;
}

/**
 * Cognito's answer is kept briefly per container: an admin screen makes several calls at once.
 * A factor turned off stops opening the admin routes at most this long after.
 */
export const COGNITO_MFA_CACHE_MS = 10_000;
const cognitoAnswers = new Map<string, { enabled: boolean; until: number }>();

/** TOTP is enabled for the user in Cognito (the setting Cognito checks at sign-in). */
export async function totpEnabledInCognito(username: string, { fresh = false } = {}): Promise<boolean> {
  const cached = cognitoAnswers.get(username);
  if (!fresh && cached && cached.until > Date.now()) return cached.enabled;
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: requireEnv('USER_POOL_ID'), Username: username }));
  const enabled = (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  cognitoAnswers.set(username, { enabled, until: Date.now() + COGNITO_MFA_CACHE_MS });
  return enabled;
}

async function enrolledAt(userId: string): Promise<string | undefined> {
  const { Item } = await ProfileEntity.build(GetItemCommand)
    .key({ user_id: userId })
    .options({ attributes: ['mfa_enrolled_at'], consistent: true })
    .send();
  return Item?.mfa_enrolled_at;
}

/**
 * Strictly after the enrolment's second: `auth_time` counts whole seconds, and a session begun in
 * the same second as the enrolment may have begun before Cognito asked for the code.
 */
export function sessionBeganAfter(authTime: number | undefined, enrolledAtIso: string): boolean {
  if (authTime === undefined || !Number.isFinite(authTime)) return false;
  return authTime > Math.floor(Date.parse(enrolledAtIso) / 1000);
}

/** Where this admin session stands with the second factor. */
export async function secondFactorStatus(session: SessionOfAdmin): Promise<MfaStatus> {
  const enrolled = await enrolledAt(session.userId);
  if (!enrolled) return 'not_enrolled';
  if (!(await totpEnabledInCognito(session.username ?? session.userId))) return 'not_enrolled';
  return sessionBeganAfter(session.authTime, enrolled) ? 'passed' : 'sign_in_again';
}

/** The guard of every admin route (commons/http.ts): 403 `mfa_required` unless the session passed. */
export async function requireSecondFactor(session: SessionOfAdmin): Promise<void> {
  const status = await secondFactorStatus(session);
  if (status === 'not_enrolled') throw new SecondFactorRequiredError(messages.mfa.required);
  if (status === 'sign_in_again') throw new SecondFactorRequiredError(messages.mfa.signInRequired);
}
