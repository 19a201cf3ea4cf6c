/**
 * The admin's second factor (TOTP), over HTTP against the local stack with real cognito-local
 * tokens: every route admitting admins refuses an admin session that did not give a code (403
 * `mfa_required`), and answers one that did; a session begun before the enrolment must sign in
 * again; turning TOTP off closes the admin routes again; other roles are unaffected.
 */
import { randomUUID } from 'node:crypto';
import { SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { MFA_REQUIRED_CODE } from '#shared/mfa-schemas';
import { messages } from '#shared/messages';
import { buildPath, requiresAdminSecondFactor, routes, type RouteDefinition, type RouteId } from '#shared/routes';
import { adminSession, enrolTotp, newAdmin, signInWithTotp } from '../support/admin-session.js';
import { api, cognitoClient, newUser, signIn } from '../support/stack.js';

/** Every route the guard covers, with a request that changes nothing when it is let through. */
const guarded = (Object.entries(routes) as Array<[RouteId, RouteDefinition]>).filter(([, route]) => requiresAdminSecondFactor(route));
const exempt = (Object.entries(routes) as Array<[RouteId, RouteDefinition]>).filter(
  ([, route]) => route.roles.includes('admin') && !requiresAdminSecondFactor(route),
);

function call(route: RouteDefinition, token: string) {
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => [m[1]!, randomUUID()]));
  const path = buildPath(route.path.replace(/\{(\w+)\+\}/g, '{$1}'), params);
  const method = route.method === 'ANY' ? 'GET' : route.method;
  const withBody = method !== 'GET' && method !== 'DELETE';
  return api(path, { method, token, body: withBody ? {} : undefined });
}

const isMfaRefusal = (res: Awaited<ReturnType<typeof api>>) => res.status === 403 && res.body?.error?.code === MFA_REQUIRED_CODE;

describe('admin routes and the second factor', () => {
  it('covers every admin-only route of the table, and the shared routes where an admin acts on anyone', () => {
    const ids = guarded.map(([id]) => id);
    const adminOnly = (Object.entries(routes) as Array<[RouteId, RouteDefinition]>)
      .filter(([id, route]) => route.roles.length === 1 && route.roles[0] === 'admin' && id !== 'getAdminMfa' && id !== 'enrolAdminMfa')
      .map(([id]) => id);
    expect(adminOnly.length).toBeGreaterThanOrEqual(8);
    expect(ids).toEqual(expect.arrayContaining([...adminOnly, 'decideEscrow', 'verifyPayment', 'getInvoice', 'getUploadUrl']));
    // An admin's own notifications, preferences and WhatsApp channel (issue 34: what it reads in the
    // app without a code, no more): nothing there an admin gets that a user does not.
    expect(exempt.map(([id]) => id).sort()).toEqual(
      [
        'confirmWhatsAppVerification',
        'enrolAdminMfa',
        'getAdminMfa',
        'getMe',
        'getNotificationPreferences',
        'getWhatsAppChannel',
        'getTutorProfile',
        'getTutorSlots',
        'listNotifications',
        'markAllNotificationsRead',
        'markNotificationRead',
        'notFound',
        'removeWhatsAppChannel',
        'saveNotificationPreferences',
        'searchTutors',
        'startWhatsAppVerification',
      ].sort(),
    );
  });

  it('refuses an admin without TOTP on every admin route (403 mfa_required, in French), and not on its own profile', async () => {
    const admin = await newAdmin();
    for (const [id, route] of guarded) {
      const res = await call(route, admin.accessToken);
      expect(isMfaRefusal(res), `${id}: ${res.status} ${res.text}`).toBe(true);
      expect(res.body.error.message).toBe(messages.mfa.required);
    }
    for (const [id, route] of exempt) {
      const res = await call(route, admin.accessToken);
      expect(isMfaRefusal(res), `${id}: ${res.status} ${res.text}`).toBe(false);
    }
    expect((await api('/api/me', { token: admin.accessToken })).body.user_id).toBe(admin.sub);
    expect((await api('/api/admin/mfa', { token: admin.accessToken })).body).toEqual({ status: 'not_enrolled' });
  });

  it('lets an admin session that gave a TOTP code through every admin route', async () => {
    const admin = await adminSession();
    for (const [id, route] of guarded) {
      const res = await call(route, admin.accessToken);
      expect(isMfaRefusal(res), `${id}: ${res.status} ${res.text}`).toBe(false);
      expect(res.status, `${id}: ${res.text}`).toBeLessThan(500);
    }
    expect((await api('/api/admin/mfa', { token: admin.accessToken })).body).toEqual({ status: 'passed' });
  });

  it('refuses to record an enrolment Cognito does not confirm', async () => {
    const admin = await newAdmin();
    const res = await api('/api/admin/mfa', { method: 'POST', token: admin.accessToken, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(messages.mfa.notEnabled);
    expect((await api('/api/admin/mfa', { token: admin.accessToken })).body).toEqual({ status: 'not_enrolled' });
  });

  it('refuses a session begun before the enrolment, and answers the next sign-in, which asks the code', async () => {
    const admin = await newAdmin();
    const secret = await enrolTotp(admin.accessToken);
    // The session that enrolled never gave a code.
    const before = await api('/api/admin/stats', { token: admin.accessToken });
    expect(isMfaRefusal(before), before.text).toBe(true);
    expect(before.body.error.message).toBe(messages.mfa.signInRequired);
    expect((await api('/api/admin/mfa', { token: admin.accessToken })).body).toEqual({ status: 'sign_in_again' });
    // The password alone no longer opens a session: Cognito asks the code.
    await expect(signIn(admin.email, admin.password)).rejects.toThrow();
    const after = await signInWithTotp(admin.email, admin.password, secret);
    expect((await api('/api/admin/stats', { token: after.accessToken })).status).toBe(200);
    expect((await api('/api/admin/mfa', { token: after.accessToken })).body).toEqual({ status: 'passed' });
  });

  it('closes the admin routes again when TOTP is turned off, even to a session that gave a code', async () => {
    const admin = await newAdmin();
    const secret = await enrolTotp(admin.accessToken);
    const session = await signInWithTotp(admin.email, admin.password, secret);
    expect((await api('/api/admin/users', { token: session.accessToken })).status).toBe(200);
    // What someone holding this token could do: turn the factor off, then sign in with the password alone.
    await cognitoClient().send(
      new SetUserMFAPreferenceCommand({ AccessToken: session.accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
    );
    const passwordOnly = await signIn(admin.email, admin.password);
    // Cognito's answer is cached a few seconds per container (COGNITO_MFA_CACHE_MS).
    await expect.poll(async () => isMfaRefusal(await api('/api/admin/users', { token: session.accessToken })), { timeout: 20_000, interval: 500 }).toBe(true);
    expect(isMfaRefusal(await api('/api/admin/users', { token: passwordOnly.accessToken }))).toBe(true);
    expect((await api('/api/admin/mfa', { token: passwordOnly.accessToken })).body).toEqual({ status: 'not_enrolled' });
  });

  it('leaves parents and tutors as they were: no code asked, their routes answer', async () => {
    const [parent, tutor] = await Promise.all([newUser('parent'), newUser('tuteur')]);
    expect((await api('/api/transactions', { token: parent.accessToken })).status).toBe(200);
    expect((await api('/api/me/kyc', { token: tutor.accessToken })).status).toBe(200);
    for (const [id, route] of guarded) {
      for (const user of [parent, tutor]) {
        const res = await call(route, user.accessToken);
        expect(isMfaRefusal(res), `${id} (${user.role}): ${res.text}`).toBe(false);
      }
    }
  });
});
