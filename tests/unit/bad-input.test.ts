/**
 * The shared pipeline's rules for bodies of the wrong type and unknown fields (issue 12, point 4),
 * once for every route: the fuzz test (tests/integration/fuzz-routes.test.ts) plays them over HTTP.
 */
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { messages, type RouteDefinition } from '#shared';
import { apiHandler, ok, type ApiEvent } from '#commons/http';
import { stubProfiles } from '../support/profiles-mock.js';

stubProfiles();

const route: RouteDefinition = { method: 'PATCH', path: '/api/test', handler: 'test', auth: 'jwt', roles: ['parent'] };

function event(body: string | undefined): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'PATCH /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body,
    isBase64Encoded: false,
    requestContext: { authorizer: { jwt: { claims: { sub: 'user-1', 'cognito:groups': '[parent]' }, scopes: [] } } },
  } as unknown as ApiEvent;
}

/** A schema of optional fields, as an update's: `{}` is valid, so `null` read as `{}` would pass. */
const handler = apiHandler(route, { body: z.strictObject({ bio: z.optional(z.string()) }) }, async ({ body }) => ok({ body }));

async function call(body: string | undefined) {
  const result = await handler(event(body), {} as Context);
  return { status: result.statusCode, body: JSON.parse(result.body as string) as { error?: { message: string; details?: unknown } } };
}

describe('a body that is not a JSON object', () => {
  it.each(['null', '0', '-1', 'true', '"texte"', '[]', '[{}]', '[null]'])('%s is refused with a French 400 before any handler runs', async (body) => {
    const response = await call(body);
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe(messages.validation.bodyNotObject);
  });

  it('an object, even empty, still reaches the schema', async () => {
    expect(await call('{}')).toEqual({ status: 200, body: { body: {} } });
    expect(await call('{"bio":"x"}')).toEqual({ status: 200, body: { body: { bio: 'x' } } });
  });
});

describe('unknown fields', () => {
  it('get the French message of the catalogue, and the detail names them', async () => {
    const response = await call('{"bio":"x","role":"admin","__proto__":{"admin":true}}');
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe(messages.validation.unknownFields);
    expect(response.body.error?.details).toEqual([{ path: 'body', message: `${messages.validation.unknownFields} : role, __proto__` }]);
  });
});
