import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPath, eventHandlers, matchPath, routeKey, routes, routesInMatchOrder, type RouteDefinition } from '#shared';

const root = path.resolve(import.meta.dirname, '../..');
const handlerFile = (module: string) => path.join(root, 'functions', 'src', `${module}.ts`);

describe('route table', () => {
  it('points every route and trigger at a handler module that exports `handler`', () => {
    const modules = [...Object.values(routes).map((route) => route.handler), ...Object.values(eventHandlers)];
    for (const module of modules) {
      expect(existsSync(handlerFile(module)), module).toBe(true);
      expect(readFileSync(handlerFile(module), 'utf8')).toMatch(/export const handler\b/);
    }
  });

  it('has unique route keys under /api, each open to at least one role', () => {
    const keys = Object.values(routes).map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of Object.values(routes) as RouteDefinition[]) {
      expect(route.path.startsWith('/api/')).toBe(true);
      // Public routes (the Paystack webhook) have no caller role: they authenticate by signature.
      if (route.auth === 'jwt') expect(route.roles.length).toBeGreaterThan(0);
      else expect(route.roles).toEqual([]);
    }
  });

  it('matches catch-all routes only after every specific route', () => {
    const order = routesInMatchOrder().map(([id]) => id);
    expect(order.at(-1)).toBe('notFound');
    expect(order.indexOf('getMe')).toBeLessThan(order.indexOf('notFound'));
  });
});

describe('path matching', () => {
  it('extracts path parameters', () => {
    expect(matchPath('/api/tutors/{id}', '/api/tutors/abc-123')).toEqual({ id: 'abc-123' });
    expect(matchPath('/api/tutors/{id}', '/api/tutors/abc/extra')).toBeNull();
    expect(matchPath('/api/me', '/api/me')).toEqual({});
    expect(matchPath('/api/me', '/api/mee')).toBeNull();
  });

  it('lets a greedy {proxy+} parameter span several segments', () => {
    expect(matchPath('/api/{proxy+}', '/api/a/b/c')).toEqual({ proxy: 'a/b/c' });
    expect(matchPath('/api/{proxy+}', '/other')).toBeNull();
  });

  it('builds paths with encoded parameters and refuses missing ones', () => {
    expect(buildPath('/api/tutors/{id}', { id: 'a b' })).toBe('/api/tutors/a%20b');
    expect(() => buildPath('/api/tutors/{id}')).toThrow('Paramètre manquant : id');
  });
});
