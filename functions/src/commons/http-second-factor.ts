/**
 * The handlers of the routes whose admin callers must have passed the TOTP second factor
 * (`requiresAdminSecondFactor`, shared/src/routes.ts): the pipeline of commons/http.ts with the
 * guard of commons/second-factor.ts, which asks DynamoDB and Cognito. Kept apart so that the other
 * routes' bundles carry no Cognito client (≈ 33 KB); `apiHandler` refuses such a route without it.
 */
import type { RouteDefinition } from '#shared/routes';
import { type ApiRequest, type ApiResult, apiHandler, type RequestSchemas } from './http.js';
import { requireSecondFactor } from './second-factor.js';

export function apiHandlerWithSecondFactor<Body = undefined, Query = undefined, Params = undefined>(
  route: RouteDefinition,
  schemas: RequestSchemas<Body, Query, Params>,
  handle: (request: ApiRequest<Body, Query, Params>) => Promise<ApiResult>,
) {
  return apiHandler(route, schemas, handle, requireSecondFactor);
}
