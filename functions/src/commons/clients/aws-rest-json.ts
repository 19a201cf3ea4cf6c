/**
 * A signed call to an AWS REST-JSON API (SES v2, EventBridge Scheduler) with the SDK's own SigV4
 * signer and `fetch`, without the service's SDK client: the same request the client would send
 * (path, JSON body, `x-amzn-errortype` errors), for a few KB instead of the client's ~150 KB.
 *
 * The endpoint follows the SDK's own variables (`AWS_ENDPOINT_URL_SESV2`,
 * `AWS_ENDPOINT_URL_SCHEDULER`): the local stack points them at its emulators, as it does for
 * DynamoDB and S3; on AWS they are unset and the regional endpoint is used.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../s3-presign.js';

export interface AwsService {
  /** SigV4's service name: `ses`, `scheduler`. */
  signingName: string;
  /** The regional host's first label: `email`, `scheduler`. */
  hostPrefix: string;
  /** The SDK's endpoint variable of the service. */
  endpointVariable: string;
  /** A variable naming another region than the function's for this service (SES may live elsewhere). */
  regionVariable?: string;
}

export const SESV2: AwsService = { signingName: 'ses', hostPrefix: 'email', endpointVariable: 'AWS_ENDPOINT_URL_SESV2', regionVariable: 'SES_REGION' };
export const SCHEDULER: AwsService = { signingName: 'scheduler', hostPrefix: 'scheduler', endpointVariable: 'AWS_ENDPOINT_URL_SCHEDULER' };

/** An error answer of the service: its type (`MessageRejected`, `ConflictException`…) and HTTP status. */
export class AwsServiceError extends Error {
  constructor(
    override readonly name: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** Worth retrying: throttled, or the service failed (5xx). */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500 || /Throttl|TooManyRequests/.test(this.name);
  }
}

const credentials = fromEnv();

export async function callAws(
  service: AwsService,
  request: { method: 'GET' | 'POST' | 'DELETE' | 'PUT'; path: string; query?: Record<string, string>; body?: unknown },
): Promise<unknown> {
  const region = (service.regionVariable && process.env[service.regionVariable]) || process.env.AWS_REGION;
  if (!region) throw new Error('Missing environment variable AWS_REGION');
  const base = new URL(process.env[service.endpointVariable] || `https://${service.hostPrefix}.${region}.amazonaws.com`);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const unsigned = new HttpRequest({
    method: request.method,
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    path: `${base.pathname.replace(/\/$/, '')}${request.path}`,
    query: request.query ?? {},
    headers: { host: base.host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body,
  });
  const signer = new SignatureV4({ service: service.signingName, region, credentials, sha256: Sha256 });
  const signed = await signer.sign(unsigned);
  const query = new URLSearchParams(request.query ?? {}).toString();
  const response = await fetch(`${base.origin}${signed.path}${query ? `?${query}` : ''}`, {
    method: signed.method,
    headers: Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host')),
    body,
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const type = (response.headers.get('x-amzn-errortype') ?? (parsed as { __type?: string } | undefined)?.__type ?? `Http${response.status}`).split(':')[0]!;
    const message = (parsed as { message?: string; Message?: string } | undefined)?.message ?? (parsed as { Message?: string } | undefined)?.Message ?? text;
    throw new AwsServiceError(type.replace(/^.*#/, ''), response.status, message);
  }
  return parsed;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
