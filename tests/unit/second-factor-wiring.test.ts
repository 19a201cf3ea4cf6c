/**
 * Which pipeline builds each API route: the routes whose admin callers must have passed the TOTP
 * second factor (`requiresAdminSecondFactor`) are built by `apiHandlerWithSecondFactor`
 * (commons/http-second-factor.ts), the others by `apiHandler` (commons/http.ts), so only the
 * former carry the Cognito client the check needs. A handler built with the wrong one refuses to
 * load; the check itself is tests/integration/admin-second-factor.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requiresAdminSecondFactor, routes, type RouteDefinition } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';

const root = path.resolve(import.meta.dirname, '../..');
const route = (roles: RouteDefinition['roles'], extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  method: 'GET',
  path: '/api/test',
  handler: 'test',
  auth: 'jwt',
  roles,
  ...extra,
});

describe("the admin's second factor, by construction", () => {
  it('a route that admits admins behind it cannot be built without the check', () => {
    expect(() => apiHandler(route(['parent', 'admin']), {}, async () => ok({}))).toThrow(/apiHandlerWithSecondFactor/);
    expect(() => apiHandlerWithSecondFactor(route(['parent', 'admin']), {}, async () => ok({}))).not.toThrow();
  });

  it('a route that asks none is built without it (and without the Cognito client)', () => {
    for (const other of [route(['parent']), route(['parent', 'admin'], { adminWithoutSecondFactor: true })]) {
      expect(() => apiHandlerWithSecondFactor(other, {}, async () => ok({}))).toThrow(/apiHandler/);
      expect(() => apiHandler(other, {}, async () => ok({}))).not.toThrow();
    }
  });

  it("every route's handler module loads, so each is built with the pipeline its route needs", async () => {
    const table = Object.values(routes) as RouteDefinition[];
    expect(table.filter(requiresAdminSecondFactor).length).toBeGreaterThan(0);
    for (const { handler } of table) {
      const loaded = (await import(path.join(root, 'functions', 'src', `${handler}.ts`))) as { handler?: unknown };
      expect(typeof loaded.handler, handler).toBe('function');
    }
  }, 60_000);
});
