/**
 * For the discovery tests that reach into the local stack directly: point this process's AWS SDK
 * at the stack's DynamoDB Local and s3rver (as `npm start` does for the handlers), then load the
 * table's entities or a handler module in-process.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { expect } from 'vitest';
import { localConfig } from '../../infra/local/config.js';
import { stack } from '../support/stack.js';

export function useStackEnvironment(extra: Record<string, string> = {}, { ports } = stack()): void {
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${ports.s3}`,
    TABLE_NAME: 'kalan-local',
    SEARCH_BUCKET: localConfig.buckets.searchCatalogue,
    // Tutor cards leave with presigned photo addresses, or their variants' (whose bucket the profile save and the account deletion reach).
    TUTOR_IMAGES_BUCKET: localConfig.buckets.tutorImages,
    TUTOR_PHOTOS_BUCKET: localConfig.buckets.tutorPhotos,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...extra,
  });
}

/** A minimal API Gateway v2 event as the JWT authorizer would pass it to a handler. */
export function apiEvent(options: {
  routeKey: string;
  sub: string;
  groups: string[];
  body?: unknown;
}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const [method, path] = options.routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey: options.routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: options.routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: { sub: options.sub, 'cognito:groups': `[${options.groups.join(' ')}]` }, scopes: [] },
      },
    },
  };
}

export const lambdaContext = { awsRequestId: randomUUID(), functionName: 'test' } as unknown as Context;

export function bodyOf(result: unknown): any {
  const structured = result as APIGatewayProxyStructuredResultV2;
  return JSON.parse(structured.body ?? 'null');
}

/** Polls until `check` passes (the stream → snapshot → index path takes a few seconds). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export { expect };
