/**
 * The HTTP handler pipeline shared by every API route: JSON body parsing, zod validation of
 * path/query/body with French messages, role checks from `cognito:groups`, the caller's account
 * still there (a deleted account's token is refused: commons/live-account.ts), and one error
 * handler mapping domain errors to status codes. The routes whose admins must have passed the second
 * factor are built by `apiHandlerWithSecondFactor` (commons/http-second-factor.ts), the only one
 * to bring the Cognito client into a bundle.
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ROLES, type Role } from '#shared/constants';
import { messages } from '#shared/messages';
import { requiresAdminSecondFactor, requiresLiveAccount, type RouteDefinition } from '#shared/routes';
import { DomainError, ForbiddenError, UnauthorizedError, ValidationError, type ErrorDetail } from './errors.js';
import { requireLiveAccount } from './live-account.js';
import { logContext, logger } from './logger.js';
import { flushMetrics } from './metrics.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface Caller {
  userId: string;
  groups: Role[];
  email?: string;
  /** Cognito's user name (access token `username`), for the admin's second-factor check. */
  username?: string;
  /** When the session began (`auth_time`, seconds): a refreshed token keeps its session's. */
  authTime?: number;
}

export interface ApiRequest<Body, Query, Params> {
  caller: Caller;
  body: Body;
  query: Query;
  params: Params;
  event: ApiEvent;
}

export interface RequestSchemas<Body, Query, Params> {
  body?: $ZodType<Body>;
  query?: $ZodType<Query>;
  params?: $ZodType<Params>;
}

/**
 * `cognito:groups` arrives as an array (local router, raw JWT) or, through the API Gateway JWT
 * authorizer, as the string "[parent admin]". Both are accepted.
 */
export function parseGroups(raw: unknown): Role[] {
  const names = Array.isArray(raw)
    ? raw.map(String)
    : typeof raw === 'string'
      ? raw.replace(/^\[|\]$/g, '').split(/[\s,]+/)
      : [];
  return names.filter((name): name is Role => (ROLES as readonly string[]).includes(name));
}

export function callerOf(event: ApiEvent): Caller {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const userId = claims?.sub;
  if (typeof userId !== 'string' || userId === '') throw new UnauthorizedError();
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  const username = typeof claims?.username === 'string' && claims.username !== '' ? claims.username : undefined;
  // The JWT authorizer hands every claim on as a string.
  const authTime = claims?.auth_time === undefined ? undefined : Number(claims.auth_time);
  return { userId, groups: parseGroups(claims?.['cognito:groups']), email, username, authTime };
}

export function json(statusCode: number, body: unknown): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export const ok = (body: unknown): ApiResult => json(200, body);

function parseWith<T>(schema: $ZodType<T> | undefined, input: unknown, prefix: string): T {
  if (!schema) return undefined as T;
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  // Unknown fields get the catalogue's message; the detail still names them.
  const details: ErrorDetail[] = result.error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.code === 'unrecognized_keys' ? `${messages.validation.unknownFields} : ${issue.keys.join(', ')}` : issue.message,
  }));
  const first = result.error.issues[0];
  if (first?.code === 'unrecognized_keys') throw new ValidationError(messages.validation.unknownFields, details);
  throw new ValidationError(details[0]?.message ?? messages.validation.invalidRequest, details);
}

/**
 * Every request body of the API is a JSON object. Once parsed, a body may still be JSON `null`, a
 * scalar or an array: refused here, once for every route, so that `null` is never read as "no
 * body" (and then as `{}`, which a schema of optional fields accepts) and no handler ever sees
 * anything but an object. No body at all stays `undefined` (then `{}`, as before).
 */
function bodyObject(body: unknown, schema: unknown): unknown {
  if (!schema || body === undefined) return body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError(messages.validation.bodyNotObject, [{ path: 'body', message: messages.validation.bodyNotObject }]);
  }
  return body;
}

function errorResponse(error: unknown): ApiResult {
  if (error instanceof DomainError) {
    return json(error.statusCode, {
      error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    });
  }
  const cause = (error as { cause?: { package?: string } } | undefined)?.cause;
  if (cause?.package === '@middy/http-json-body-parser') {
    const unsupported = (error as Error).message === 'Unsupported Media Type';
    return json(unsupported ? 415 : 400, {
      error: {
        code: unsupported ? 'unsupported_media_type' : 'invalid_json',
        message: unsupported ? messages.validation.jsonContentType : messages.validation.invalidJson,
      },
    });
  }
  logger.error('Unhandled error', error as Error);
  return json(500, { error: { code: 'internal', message: messages.http.internal } });
}

/** The check an admin's session must pass on a route that asks for the second factor. */
export type SecondFactorGuard = (caller: Caller) => Promise<void>;

/**
 * Builds the Lambda handler of one route of the route table. A route whose admins must have
 * passed the second factor is refused here (at the handler's load, so no such route ever runs
 * without the check): its handler is built by `apiHandlerWithSecondFactor`, which gives the guard.
 */
export function apiHandler<Body = undefined, Query = undefined, Params = undefined>(
  route: RouteDefinition,
  schemas: RequestSchemas<Body, Query, Params>,
  handle: (request: ApiRequest<Body, Query, Params>) => Promise<ApiResult>,
  secondFactorGuard?: SecondFactorGuard,
) {
  const secondFactor = requiresAdminSecondFactor(route);
  if (secondFactor && !secondFactorGuard) {
    throw new Error(`${route.method} ${route.path} admits admins behind the second factor: build it with apiHandlerWithSecondFactor`);
  }
  if (!secondFactor && secondFactorGuard) {
    throw new Error(`${route.method} ${route.path} asks no second factor: build it with apiHandler, without the Cognito client`);
  }
  const liveAccount = requiresLiveAccount(route);
  const authorise = (event: ApiEvent): Caller => {
    const caller = callerOf(event);
    if (!caller.groups.some((group) => route.roles.includes(group))) throw new ForbiddenError();
    return caller;
  };
  // Logging context first, so that every line — a refusal's too — carries the request's id; then
  // who calls: a caller without a subject (401), a role the route does not list (403), an account
  // deleted since its token was issued (401 `account_deleted`) or an admin session without the
  // second factor (403 `mfa_required`) is turned away before its body is even parsed.
  const pipeline = middy<ApiEvent, ApiResult, Error, Context>()
    .use(logContext<ApiEvent>((event) => event.requestContext?.requestId))
    .use(flushMetrics())
    .use({
      before: async (request) => {
        const caller = authorise(request.event);
        if (liveAccount) await requireLiveAccount(caller.userId);
        if (secondFactorGuard && caller.groups.includes('admin')) await secondFactorGuard(caller);
      },
    });
  if (schemas.body) pipeline.use(httpJsonBodyParser());
  return pipeline
    .use({
      onError: (request) => {
        request.response = errorResponse(request.error);
      },
    })
    .handler(async (event) => {
      const caller = authorise(event);
      return handle({ caller, ...parseRequest(schemas, event), event });
    });
}

function parseRequest<Body, Query, Params>(schemas: RequestSchemas<Body, Query, Params>, event: ApiEvent) {
  const params = parseWith(schemas.params, event.pathParameters, 'params');
  const query = parseWith(schemas.query, event.queryStringParameters, 'query');
  const body = parseWith(schemas.body, bodyObject(event.body, schemas.body), 'body');
  return { body, query, params };
}

/**
 * Builds the Lambda handler of a visitors' route (`auth: 'public'`, no role, issue 17): nobody is
 * identified — a token, if one is sent, is not read — and the answer must hold public fields only.
 * The same logging, validation and errors as `apiHandler`.
 */
export function publicApiHandler<Body = undefined, Query = undefined, Params = undefined>(
  route: RouteDefinition,
  schemas: RequestSchemas<Body, Query, Params>,
  handle: (request: Omit<ApiRequest<Body, Query, Params>, 'caller'>) => Promise<ApiResult>,
) {
  if (route.auth !== 'public' || route.roles.length > 0) {
    throw new Error(`${route.method} ${route.path} is not a visitors' route: build it with apiHandler`);
  }
  const pipeline = middy<ApiEvent, ApiResult, Error, Context>()
    .use(logContext<ApiEvent>((event) => event.requestContext?.requestId))
    .use(flushMetrics());
  if (schemas.body) pipeline.use(httpJsonBodyParser());
  return pipeline
    .use({
      onError: (request) => {
        request.response = errorResponse(request.error);
      },
    })
    .handler(async (event) => handle({ ...parseRequest(schemas, event), event }));
}
