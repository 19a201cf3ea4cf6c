/**
 * The role guard every handler runs (functions/src/commons/http.ts), route by route from the
 * shared route table: a role the route does not list gets 403 and the handler never runs; a role
 * it lists gets past the guard; a request without a subject gets 401. (The HTTP-level matrix,
 * with real tokens and owners, is tests/integration/access-matrix.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants';
import { routes, type RouteDefinition, type RouteId } from '#shared/routes';
import { call, newPerson, type Person } from './harness.js';

const guarded = (Object.entries(routes) as Array<[RouteId, RouteDefinition]>).filter(([, route]) => route.auth === 'jwt');

/** Path parameters that name nothing: the guard answers before any lookup. */
function paramsOf(route: RouteDefinition): Record<string, string> {
  const names = [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, name === 'proxy' ? 'inconnu' : '00000000-0000-4000-8000-000000000000']));
}

const people = new Map<Role, Person>();
async function person(role: Role): Promise<Person> {
  let found = people.get(role);
  if (!found) {
    found = await newPerson(role);
    people.set(role, found);
  }
  return found;
}

describe('role guard of every route', () => {
  it('covers every route of the table', () => {
    // Public: the Paystack webhook (its signature), CinetPay's transfer notification (a hint: the
    // status is read back from CinetPay), the visitors' routes (issue 17: no caller) and Meta's
    // WhatsApp webhook with its verify handshake (issue 34: its signature, its verify token).
    const unguarded = ['paystackWebhook', 'cinetpayTransferNotification', 'publicSearchTutors', 'publicTutorProfile', 'whatsappWebhookVerify', 'whatsappWebhook'] as const;
    expect(guarded.length + unguarded.length).toBe(Object.keys(routes).length);
    for (const id of unguarded) expect(routes[id].auth).toBe('public');
  });

  describe.each(guarded)('%s', (routeId, route) => {
    it.each(ROLES.map((role) => [role, route.roles.includes(role)] as const))('%s allowed: %s', async (role, allowed) => {
      // Recording an enrolment restarts the admin's sessions (commons/second-factor.ts), and a deleted
      // account is refused everywhere after (commons/live-account.ts): each its own person.
      const caller = routeId === 'enrolAdminMfa' || routeId === 'deleteMe' ? await newPerson(role) : await person(role);
      const response = await call(routeId, caller, { params: paramsOf(route), body: {}, query: {} });
      if (allowed) {
        expect([401, 403], `${role} → ${response.status} ${JSON.stringify(response.body)}`).not.toContain(response.status);
      } else {
        expect(response.status, `${role} → ${JSON.stringify(response.body)}`).toBe(403);
        expect(response.body.error.code).toBe('forbidden');
      }
    });

    it('answers 401 to a request without a subject', async () => {
      const response = await call(routeId, { userId: '', role: 'admin', email: 'x@exemple.ci' }, { params: paramsOf(route) });
      expect(response.status).toBe(401);
    });
  });
});
