import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { messages, type RouteDefinition } from '#shared';
import { apiHandler, ok, parseGroups, type ApiEvent } from '#commons/http';
import { stubProfiles } from '../support/profiles-mock.js';

// 'gone-1' deleted its account; its token is still valid (the JWT authorizer let it through).
const dynamodb = stubProfiles({ deleted: ['gone-1'] });
beforeEach(() => dynamodb.resetHistory());

const route: RouteDefinition = { method: 'POST', path: '/api/test', handler: 'test', auth: 'jwt', roles: ['parent'] };
const context = {} as Context;

function event(overrides: { groups?: unknown; sub?: string; body?: string; contentType?: string } = {}): ApiEvent {
  const claims: Record<string, unknown> = { sub: overrides.sub ?? 'user-1' };
  if (overrides.groups !== undefined) claims['cognito:groups'] = overrides.groups;
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': overrides.contentType ?? 'application/json' },
    body: overrides.body,
    isBase64Encoded: false,
    requestContext: { authorizer: { jwt: { claims, scopes: [] } } },
  } as unknown as ApiEvent;
}

const handler = apiHandler(route, { body: z.object({ hours: z.int().check(z.gte(1), z.lte(8)) }) }, async ({ caller, body }) =>
  ok({ userId: caller.userId, hours: body.hours }),
);

describe('cognito:groups parsing', () => {
  it('accepts the array form and the API Gateway "[a b]" string form', () => {
    expect(parseGroups(['parent', 'admin'])).toEqual(['parent', 'admin']);
    expect(parseGroups('[parent admin]')).toEqual(['parent', 'admin']);
    expect(parseGroups('[tuteur]')).toEqual(['tuteur']);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it('ignores groups that are not roles of the product', () => {
    expect(parseGroups('[parent hackers]')).toEqual(['parent']);
  });
});

describe('API handler pipeline', () => {
  it('passes the validated body and the caller to the domain function', async () => {
    const result = await handler(event({ groups: '[parent]', body: '{"hours":2}' }), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body as string)).toEqual({ userId: 'user-1', hours: 2 });
  });

  it('refuses a caller outside the route roles with 403', async () => {
    const result = await handler(event({ groups: '[tuteur]', body: '{"hours":2}' }), context);
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body as string).error.message).toBe(messages.http.forbidden);
  });

  it('refuses a request without a subject with 401', async () => {
    const result = await handler(event({ groups: '[parent]', sub: '', body: '{"hours":2}' }), context);
    expect(result.statusCode).toBe(401);
  });

  it('answers 400 in French to malformed JSON', async () => {
    const result = await handler(event({ groups: '[parent]', body: '{"hours":' }), context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body as string).error).toEqual({ code: 'invalid_json', message: messages.validation.invalidJson });
  });

  it('answers 415 when the body is not sent as JSON', async () => {
    const result = await handler(event({ groups: '[parent]', body: 'hours=2', contentType: 'text/plain' }), context);
    expect(result.statusCode).toBe(415);
  });

  it('answers 400 with the field path when the body breaks the schema', async () => {
    const result = await handler(event({ groups: '[parent]', body: '{"hours":12}' }), context);
    expect(result.statusCode).toBe(400);
    const error = JSON.parse(result.body as string).error;
    expect(error.code).toBe('validation_error');
    expect(error.details[0].path).toBe('body.hours');
    expect(error.message).toMatch(/8/);
  });
});

describe("a deleted account's token", () => {
  let handled = 0;
  const counted = (target: RouteDefinition) =>
    apiHandler(target, { body: z.object({ hours: z.int() }) }, async () => {
      handled += 1;
      return ok({});
    });

  it("is refused with 401 'account_deleted' in French before the route runs or its body is read", async () => {
    const result = await counted(route)(event({ groups: '[parent]', sub: 'gone-1', body: '{"hours":' }), context);
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body as string).error).toEqual({ code: 'account_deleted', message: messages.account.accountDeleted });
    expect(handled).toBe(0);
  });

  it("reads the caller's own profile, strongly consistent (a deletion that answered 204 is seen at once)", async () => {
    expect((await counted(route)(event({ groups: '[parent]', body: '{"hours":2}' }), context)).statusCode).toBe(200);
    expect(dynamodb.commandCalls(GetCommand).map((call) => call.args[0].input)).toEqual([
      expect.objectContaining({ Key: { pk: 'USER#user-1', sk: 'PROFILE' }, ConsistentRead: true }),
    ]);
  });

  it('reaches only the routes that say the account may be gone (the deletion, for its retry), without a read', async () => {
    const deletion: RouteDefinition = { ...route, method: 'DELETE', accountMayBeGone: true };
    expect((await counted(deletion)(event({ groups: '[parent]', sub: 'gone-1', body: '{"hours":2}' }), context)).statusCode).toBe(200);
    expect(dynamodb.commandCalls(GetCommand)).toEqual([]);
  });
});

