/**
 * Two shapes every page reads, checked without zod: /config.json (lib/config.ts) and the API's
 * `{ error: { code, message, details? } }` answer (lib/api.ts). A visitor's first page (issue 34)
 * needs no schema of the contract otherwise, and zod would cost it ~10 KB gzip. They accept
 * exactly what `runtimeConfigSchema` and `apiErrorSchema` (shared/src/schemas.ts) accept:
 * tests/unit/plain-shapes-web.test.ts compares them.
 */
import type { ApiError, RuntimeConfig } from '#shared/schemas';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalString = (value: unknown): value is string | undefined => value === undefined || isString(value);

/** /config.json's settings, or the name of the first field that is wrong (thrown by the caller). */
export function readRuntimeConfig(value: unknown): RuntimeConfig | { invalid: string } {
  if (!isRecord(value)) return { invalid: '(racine)' };
  const required = ['stage', 'region', 'userPoolId', 'userPoolClientId', 'apiBaseUrl'] as const;
  const optional = ['userPoolEndpoint', 'realtimeUrl'] as const;
  const wrong = required.find((key) => !isString(value[key])) ?? optional.find((key) => !isOptionalString(value[key]));
  if (wrong) return { invalid: wrong };
  const config: RuntimeConfig = {
    stage: value.stage as string,
    region: value.region as string,
    userPoolId: value.userPoolId as string,
    userPoolClientId: value.userPoolClientId as string,
    apiBaseUrl: value.apiBaseUrl as string,
  };
  // Like zod's object: only the known fields, an optional one as it came (absent stays absent).
  for (const key of optional) if (key in value) (config as Record<string, unknown>)[key] = value[key];
  return config;
}

/** The API's error answer, or null for any other body (API Gateway's own 401, an HTML page…). */
export function readApiError(payload: unknown): ApiError | null {
  if (!isRecord(payload) || !isRecord(payload.error)) return null;
  const { code, message, details } = payload.error;
  if (!isString(code) || !isString(message)) return null;
  if (details === undefined) return { error: { code, message } };
  if (!Array.isArray(details) || !details.every((item) => isRecord(item) && isString(item.path) && isString(item.message))) return null;
  return { error: { code, message, details: details.map((item: Record<string, unknown>) => ({ path: item.path as string, message: item.message as string })) } };
}
