/**
 * The pipeline every API route runs (functions/src/commons/http.ts), rule by rule: who calls
 * (subject, groups in both forms API Gateway sends them), the role guard answered before anything
 * is parsed, the validation of path, query and body with the failing field, and the one shape of
 * every error (domain errors, bad JSON, anything unexpected).
 */
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { messages, type RouteDefinition } from '#shared';
import { ConflictError, ValidationError } from '#commons/errors';
import { apiHandler, callerOf, json, ok, parseGroups, type ApiEvent, type ApiResult } from '#commons/http';
import { stubProfiles } from '../support/profiles-mock.js';

stubProfiles();

const context = {} as Context;
const route = (roles: RouteDefinition['roles']): RouteDefinition => ({ method: 'POST', path: '/api/test', handler: 'test', auth: 'jwt', roles });

interface EventOptions {
  claims?: Record<string, unknown>;
  body?: string;
  contentType?: string;
  pathParameters?: Record<string, string>;
  queryStringParameters?: Record<string, string>;
}

function event({ claims = { sub: 'user-1', 'cognito:groups': '[parent]' }, body, contentType = 'application/json', ...rest }: EventOptions = {}): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': contentType },
    body,
    isBase64Encoded: false,
    requestContext: { authorizer: { jwt: { claims, scopes: [] } } },
    ...rest,
  } as unknown as ApiEvent;
}

async function send(handler: (event: ApiEvent, context: Context) => Promise<ApiResult>, request: ApiEvent) {
  const result = await handler(request, context);
  return { status: result.statusCode, headers: result.headers, body: result.body ? JSON.parse(result.body as string) : result.body };
}

describe('who calls', () => {
  it('reads the groups from an array or from the "[a b]" / "a,b" string of API Gateway', () => {
    expect(parseGroups(['admin', 7, 'parent'])).toEqual(['admin', 'parent']);
    expect(parseGroups('[parent,admin]')).toEqual(['parent', 'admin']);
    expect(parseGroups('[parent, \tadmin]')).toEqual(['parent', 'admin']);
    expect(parseGroups('parent admin')).toEqual(['parent', 'admin']);
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups('[[admin]]')).toEqual([]);
    expect(parseGroups(42)).toEqual([]);
    expect(parseGroups({ 0: 'admin' })).toEqual([]);
  });

  it('drops only the brackets around the whole list: a group name with a bracket inside is no role', () => {
    expect(parseGroups('[ad[min]')).toEqual([]);
    expect(parseGroups('[ad]min]')).toEqual([]);
    expect(parseGroups('[parent ad[min]')).toEqual(['parent']);
    expect(parseGroups('[ad]min parent]')).toEqual(['parent']);
  });

  it('is the subject of the token, with its email when the token has one', () => {
    expect(callerOf(event({ claims: { sub: 'u-1', email: 'awa@exemple.ci', 'cognito:groups': '[tuteur]' } }))).toEqual({
      userId: 'u-1',
      groups: ['tuteur'],
      email: 'awa@exemple.ci',
    });
    expect(callerOf(event({ claims: { sub: 'u-2', email: 12 } }))).toEqual({ userId: 'u-2', groups: [], email: undefined });
  });

  it('is refused (401) without a subject that is a non-empty string', () => {
    for (const claims of [{}, { sub: '' }, { sub: 12 }, { sub: null }]) {
      expect(() => callerOf(event({ claims })), JSON.stringify(claims)).toThrow(expect.objectContaining({ statusCode: 401, code: 'unauthorized' }));
    }
    const noAuthorizer = { ...event(), requestContext: {} } as unknown as ApiEvent;
    expect(() => callerOf(noAuthorizer)).toThrow(expect.objectContaining({ statusCode: 401 }));
  });
});

describe('the role guard', () => {
  // The admin's second factor, which asks DynamoDB and Cognito, is tests/integration/admin-second-factor.test.ts.
  const handler = apiHandler(
    { ...route(['parent', 'admin']), adminWithoutSecondFactor: true },
    { body: z.object({ n: z.number() }) },
    async ({ caller }) => ok({ caller }),
  );

  it('lets in a caller any of whose groups the route lists', async () => {
    const response = await send(handler, event({ claims: { sub: 'u', 'cognito:groups': '[tuteur admin]' }, body: '{"n":1}' }));
    expect(response.status).toBe(200);
    expect(response.body.caller.groups).toEqual(['tuteur', 'admin']);
  });

  it('turns away (403) a caller with none of them, or with no group, before reading its body', async () => {
    for (const groups of ['[tuteur entreprise]', '[]', undefined]) {
      const response = await send(handler, event({ claims: { sub: 'u', 'cognito:groups': groups }, body: '{"n":' }));
      expect(response.status, String(groups)).toBe(403);
      expect(response.body.error).toEqual({ code: 'forbidden', message: messages.http.forbidden });
    }
    const notJson = await send(handler, event({ claims: { sub: 'u', 'cognito:groups': '[tuteur]' }, body: 'n=1', contentType: 'text/plain' }));
    expect(notJson.status).toBe(403);
  });

  it('turns away (401) a request without a subject before reading its body', async () => {
    const response = await send(handler, event({ claims: { 'cognito:groups': '[parent]' }, body: '{"n":' }));
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });
});

describe('validation of the request', () => {
  const handler = apiHandler(
    route(['parent']),
    {
      params: z.object({ id: z.string().check(z.minLength(3)) }),
      query: z.object({ page: z.optional(z.string()) }),
      body: z.object({ hours: z.number() }),
    },
    async ({ params, query, body }) => ok({ params, query, body }),
  );

  it('hands the parsed path, query and body to the route', async () => {
    const response = await send(handler, event({ pathParameters: { id: 'abc' }, queryStringParameters: { page: '2' }, body: '{"hours":2}' }));
    expect(response).toMatchObject({ status: 200, body: { params: { id: 'abc' }, query: { page: '2' }, body: { hours: 2 } } });
  });

  it('validates a missing query as an empty one', async () => {
    const response = await send(handler, event({ pathParameters: { id: 'abc' }, body: '{"hours":2}' }));
    expect(response).toMatchObject({ status: 200, body: { query: {} } });
  });

  it('names the failing field, path first', async () => {
    const response = await send(handler, event({ pathParameters: { id: 'a' }, body: '{"hours":"x"}' }));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details).toEqual([{ path: 'params.id', message: response.body.error.message }]);
    const missing = await send(handler, event({ body: '{"hours":2}' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('params.id');
    const nested = await send(handler, event({ pathParameters: { id: 'abc' }, body: '{}' }));
    expect(nested.body.error.details[0].path).toBe('body.hours');
  });

  it('reads no body on a route that takes none, whatever is sent', async () => {
    const get = apiHandler(route(['parent']), {}, async ({ body }) => ok({ body: body ?? null }));
    for (const [body, contentType] of [['not json', 'text/plain'], ['{"a":', 'application/json'], [undefined, 'application/json']] as const) {
      const response = await send(get, event({ body, contentType }));
      expect(response, `${contentType} ${body}`).toMatchObject({ status: 200, body: { body: null } });
    }
  });
});

describe('the shape of every answer', () => {
  it('is JSON, never cached', () => {
    expect(json(201, { a: 1 })).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: '{"a":1}',
    });
    expect(json(204, undefined).body).toBe('');
    expect(ok([]).statusCode).toBe(200);
  });

  it('carries the code, the French message and the details of a domain error', async () => {
    const conflict = apiHandler(route(['parent']), {}, async () => {
      throw new ConflictError('Déjà fait');
    });
    expect(await send(conflict, event())).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: 'Déjà fait' } } });
    expect((await send(conflict, event())).body.error).not.toHaveProperty('details');
    const invalid = apiHandler(route(['parent']), {}, async () => {
      throw new ValidationError('Champ invalide', [{ path: 'body.x', message: 'Champ invalide' }]);
    });
    expect((await send(invalid, event())).body).toEqual({
      error: { code: 'validation_error', message: 'Champ invalide', details: [{ path: 'body.x', message: 'Champ invalide' }] },
    });
  });

  it('answers 500 in French to anything unexpected, without its details', async () => {
    const broken = apiHandler(route(['parent']), {}, async () => {
      throw new Error('secret internals');
    });
    const response = await send(broken, event());
    expect(response).toEqual({
      status: 500,
      headers: expect.any(Object),
      body: { error: { code: 'internal', message: messages.http.internal } },
    });
  });

  it('answers 415 to a body not sent as JSON and 400 to malformed JSON, in French', async () => {
    const handler = apiHandler(route(['parent']), { body: z.object({}) }, async () => ok({}));
    expect((await send(handler, event({ body: 'a=1', contentType: 'text/plain' }))).body.error).toEqual({
      code: 'unsupported_media_type',
      message: messages.validation.jsonContentType,
    });
    expect((await send(handler, event({ body: '{"a":' }))).body.error).toEqual({ code: 'invalid_json', message: messages.validation.invalidJson });
  });
});
