import { httpMessages } from '#shared/message-catalogue/http';
import { uiMessages } from '#shared/message-catalogue/ui';
import { buildPath, routes, type RouteId } from '#shared/routes';
import { isNetworkFailure, lastSignedInUser, loadAmplify } from './amplify';
import { getRuntimeConfig } from './config';
import { readApiError } from './plain-shapes';
import { OFFLINE_OWNER_HEADER } from './pwa/offline-copies';
import { recordAnswer } from './pwa/offline-copy-store';

/** An API failure, carrying the French message of the `{ error: { code, message } }` body. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** The error's details, when the API gives some (e.g. which transactions block a deletion). */
    readonly details: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message);
  }
}

export type CallableRouteId = Exclude<RouteId, 'notFound'>;

export interface ApiRequestOptions {
  /** Values of the `{param}` placeholders of the route path. */
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

async function accessToken(): Promise<string> {
  const { fetchAuthSession } = await loadAmplify();
  const { tokens } = await fetchAuthSession();
  const token = tokens?.accessToken?.toString();
  if (!token) throw new ApiRequestError(httpMessages.unauthorized, 401, 'UNAUTHORIZED');
  return token;
}

/**
 * The request's credentials: the access token; offline with a token Amplify cannot renew, the
 * name of the user whose offline copies the worker may answer with (OFFLINE_OWNER_HEADER).
 */
async function credentials(): Promise<[header: string, value: string]> {
  try {
    return ['Authorization', `Bearer ${await accessToken()}`];
  } catch (error) {
    if (error instanceof ApiRequestError || !isNetworkFailure(error)) throw error;
    const owner = lastSignedInUser();
    if (!owner) throw new ApiRequestError(uiMessages.networkFailure, 0, 'NETWORK_ERROR');
    return [OFFLINE_OWNER_HEADER, owner.userId];
  }
}

function queryString(query: ApiRequestOptions['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Calls a route of the shared route table with the signed-in user's access token. */
export async function apiRequest<T>(routeId: CallableRouteId, options: ApiRequestOptions = {}): Promise<T> {
  const route = routes[routeId];
  const url = `${getRuntimeConfig().apiBaseUrl}${buildPath(route.path, options.params)}${queryString(options.query)}`;

  const headers = new Headers({ Accept: 'application/json' });
  if (route.auth === 'jwt') headers.set(...(await credentials()));
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(uiMessages.networkFailure, 0, 'NETWORK_ERROR');
  }

  // An answer of the service worker's offline copy says when it was made (the screens' banner).
  if (route.method === 'GET') recordAnswer(routeId, response);
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = readApiError(payload);
    if (parsed) throw new ApiRequestError(parsed.error.message, response.status, parsed.error.code, parsed.error.details);
    // API Gateway's JWT authorizer answers 401 {"message":"Unauthorized"}, not our error shape.
    if (response.status === 401) throw new ApiRequestError(httpMessages.unauthorized, 401, 'UNAUTHORIZED');
    throw new ApiRequestError(httpMessages.internal, response.status, `HTTP_${response.status}`);
  }
  return payload as T;
}
