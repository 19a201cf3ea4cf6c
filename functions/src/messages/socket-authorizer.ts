/**
 * The WebSocket API's `$connect` authorizer (issue 31). A browser cannot set headers on a
 * WebSocket, so the SPA passes its Cognito ACCESS token as `?token=`; it is verified as the HTTP
 * API's JWT authorizer verifies the `Authorization` header (infra/lib/api.ts; infra/local/router.ts
 * does the same locally): the signature against the pool's JWKS, the issuer, the expiry (required),
 * the app client — and, since it must be an access token, `token_use`. Then, like every signed-in
 * route (`requiresLiveAccount`), the account must still exist: a token outlives its deleted account
 * by up to an hour.
 *
 * A refusal is a Deny policy (API Gateway answers 403 and never calls `$connect`), not a thrown
 * error: a stale tab reconnecting with an expired token is ordinary, and a thrown error would be a
 * function error, which the monitoring alarms on.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { ROLES, type Role } from '#shared/constants';
import { requireEnv } from '#commons/env';
import { requireLiveAccount } from '#commons/live-account';
import { AccountDeletedError } from '#commons/errors';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';

/** What `$connect`, `$disconnect` and `$default` find in `requestContext.authorizer`. */
export interface SocketAuthorizerContext {
  sub: string;
  role: Role;
}

/**
 * The pool's issuer: Cognito's regional address, or the emulator's when the SDK's own variable
 * points the Cognito client at it (the local stack: cognito-local issues `<endpoint>/<pool id>`).
 */
function issuer(): string {
  const endpoint = process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? `https://cognito-idp.${requireEnv('AWS_REGION')}.amazonaws.com`;
  return `${endpoint.replace(/\/$/, '')}/${requireEnv('USER_POOL_ID')}`;
}

/** Made once per container: jose caches the pool's keys, and fetches them again for an unknown `kid`. */
let keys: { issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> } | undefined;
function poolKeys() {
  const current = issuer();
  if (keys?.issuer !== current) keys = { issuer: current, jwks: createRemoteJWKSet(new URL(`${current}/.well-known/jwks.json`)) };
  return keys;
}

/** The token's claims when it is a valid access token of this pool's app client; otherwise null. */
export async function verifyAccessToken(token: string | undefined): Promise<JWTPayload | null> {
  if (!token) return null;
  const { issuer: expectedIssuer, jwks } = poolKeys();
  try {
    // `exp` required, as API Gateway's JWT authorizer requires it.
    const { payload } = await jwtVerify(token, jwks, { issuer: expectedIssuer, requiredClaims: ['exp', 'sub'] });
    if (payload.token_use !== 'access' || payload.client_id !== requireEnv('USER_POOL_CLIENT_ID')) return null;
    return payload;
  } catch {
    return null;
  }
}

/** The caller's role, from the groups its token carries (an array in the token itself). */
function roleOf(payload: JWTPayload): Role | null {
  const groups = payload['cognito:groups'];
  const list = Array.isArray(groups) ? groups.map(String) : [];
  return ROLES.find((role) => list.includes(role)) ?? null;
}

function policy(effect: 'Allow' | 'Deny', resource: string, principalId: string, context?: SocketAuthorizerContext): APIGatewayAuthorizerResult {
  return {
    principalId,
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }] },
    ...(context ? { context: { ...context } } : {}),
  };
}

export async function authorizeSocket(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const claims = await verifyAccessToken(event.queryStringParameters?.token);
  const role = claims && roleOf(claims);
  if (!claims?.sub || !role) return policy('Deny', event.methodArn, 'anonymous');
  try {
    await requireLiveAccount(claims.sub);
  } catch (error) {
    if (error instanceof AccountDeletedError) return policy('Deny', event.methodArn, claims.sub);
    throw error;
  }
  return policy('Allow', event.methodArn, claims.sub, { sub: claims.sub, role });
}

export const handler = observedHandler(async (event: APIGatewayRequestAuthorizerEvent) => {
  const result = await authorizeSocket(event);
  if (result.policyDocument.Statement[0]?.Effect === 'Deny') logger.info('Connexion temps réel refusée', { principal: result.principalId });
  return result;
});
