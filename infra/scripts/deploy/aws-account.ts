/**
 * What the deploy preflight asks AWS, and nothing else: who the credentials are (STS
 * GetCallerIdentity), whether CDK bootstrapped the account in a region (the SSM parameter the
 * bootstrap stack writes) and whether the stage's Paystack secret exists (Secrets Manager
 * DescribeSecret: metadata only, the value is never read).
 *
 * The project ships no STS or SSM client, and these two calls do not justify two more SDK
 * packages: they are signed with the SDK's own SigV4 signer and sent with fetch. Credentials and
 * region come from the standard SDK chain (environment, profile, SSO, instance role), resolved by
 * the Secrets Manager client the project already has.
 */
import { DescribeSecretCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider } from '@smithy/types';

/** The qualifier of CDK's default synthesizer, which the stack uses. */
export const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';

export interface CallerIdentity {
  readonly account: string;
  readonly arn: string;
}

export type SecretState = 'present' | 'missing' | 'scheduled-for-deletion';

/** The three questions, as the preflight needs them (tests may answer them differently). */
export interface DeployAccount {
  /** The region of the stage or of the credentials' configuration; undefined if none is set. */
  region(): Promise<string | undefined>;
  identity(): Promise<CallerIdentity>;
  /** The bootstrap stack's version in this account and `region`; null when not bootstrapped. */
  bootstrapVersion(region: string): Promise<number | null>;
  secretState(name: string): Promise<SecretState>;
}

/** An AWS API answered with an error (or could not be reached): `code` is AWS's error code. */
export class AwsCallError extends Error {
  override readonly name = 'AwsCallError';
  constructor(
    readonly service: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface AwsAccountOptions {
  /** The stage's region; otherwise the SDK's (AWS_REGION, AWS_DEFAULT_REGION, the profile). */
  readonly region?: string;
  /** Otherwise the SDK's default chain. */
  readonly credentials?: AwsCredentialIdentityProvider;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export class AwsAccount implements DeployAccount {
  private readonly secrets: SecretsManagerClient;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: AwsAccountOptions = {}) {
    this.secrets = new SecretsManagerClient({ region: options.region, credentials: options.credentials, maxAttempts: 2 });
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async region(): Promise<string | undefined> {
    try {
      return await this.secrets.config.region();
    } catch {
      return undefined;
    }
  }

  async identity(): Promise<CallerIdentity> {
    const region = await this.region();
    // Regional endpoint when the region is known; STS's global one otherwise.
    const body = await this.send({
      service: 'sts',
      region: region ?? 'us-east-1',
      hostname: region ? `sts.${region}.amazonaws.com` : 'sts.amazonaws.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: 'Action=GetCallerIdentity&Version=2011-06-15',
    });
    const account = xmlValue(body, 'Account');
    const arn = xmlValue(body, 'Arn');
    if (!account || !arn) throw new AwsCallError('sts', 'UnexpectedResponse', `STS answered without an account: ${body.slice(0, 200)}`);
    return { account, arn };
  }

  async bootstrapVersion(region: string): Promise<number | null> {
    try {
      const body = await this.send({
        service: 'ssm',
        region,
        hostname: `ssm.${region}.amazonaws.com`,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.GetParameter' },
        body: JSON.stringify({ Name: BOOTSTRAP_VERSION_PARAMETER }),
      });
      const value = (JSON.parse(body) as { Parameter?: { Value?: string } }).Parameter?.Value;
      const version = Number(value);
      if (!Number.isInteger(version)) throw new AwsCallError('ssm', 'UnexpectedResponse', `${BOOTSTRAP_VERSION_PARAMETER} = ${value}`);
      return version;
    } catch (error) {
      if (error instanceof AwsCallError && error.code === 'ParameterNotFound') return null;
      throw error;
    }
  }

  async secretState(name: string): Promise<SecretState> {
    try {
      const secret = await this.secrets.send(new DescribeSecretCommand({ SecretId: name }));
      return secret.DeletedDate ? 'scheduled-for-deletion' : 'present';
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return 'missing';
      const { name: code, message } = error as Error;
      throw new AwsCallError('secretsmanager', code, message);
    }
  }

  /**
   * Lambda's Invoke, asynchronous (`Event`: Lambda answers 202 once the event is queued, and
   * retries a failed run twice itself): what the deploy asks of the pages' publisher.
   */
  async invokeAsync(functionName: string, payload: unknown): Promise<void> {
    await this.send(await this.invokeRequest(functionName, 'Event', payload));
  }

  /**
   * Lambda's Invoke, synchronous (`RequestResponse`): the function's answer, parsed. A run that
   * failed (Lambda answers 200 with `X-Amz-Function-Error`) is an AwsCallError with its message.
   * What the deploy asks of the photo resizer (the photos' migration, in bounded calls).
   */
  async invoke(functionName: string, payload: unknown): Promise<unknown> {
    const { text, headers } = await this.exchange(await this.invokeRequest(functionName, 'RequestResponse', payload));
    const functionError = headers.get('x-amz-function-error');
    if (functionError) {
      const { errorType, errorMessage } = (() => {
        try {
          return JSON.parse(text) as { errorType?: string; errorMessage?: string };
        } catch {
          return {};
        }
      })();
      throw new AwsCallError('lambda', errorType ?? functionError, errorMessage ?? text.slice(0, 200));
    }
    return text ? (JSON.parse(text) as unknown) : null;
  }

  /** Lambda's Invoke request for a function, of one invocation type. */
  private async invokeRequest(functionName: string, invocationType: 'Event' | 'RequestResponse', payload: unknown) {
    const region = await this.region();
    if (!region) throw new AwsCallError('lambda', 'MissingRegion', 'No AWS region');
    return {
      service: 'lambda',
      region,
      hostname: `lambda.${region}.amazonaws.com`,
      path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
      headers: { 'content-type': 'application/json', 'x-amz-invocation-type': invocationType },
      body: JSON.stringify(payload),
    };
  }

  /** One SigV4-signed POST; the response body, or an AwsCallError with AWS's error code. */
  private async send(request: { service: string; region: string; hostname: string; path?: string; headers: Record<string, string>; body: string }): Promise<string> {
    return (await this.exchange(request)).text;
  }

  /** One SigV4-signed POST; the response's body and headers, or an AwsCallError with AWS's error code. */
  private async exchange(request: {
    service: string;
    region: string;
    hostname: string;
    path?: string;
    headers: Record<string, string>;
    body: string;
  }): Promise<{ text: string; headers: Headers }> {
    const path = request.path ?? '/';
    const credentials = await this.secrets.config.credentials();
    const signer = new SignatureV4({ service: request.service, region: request.region, credentials, sha256: this.secrets.config.sha256 });
    const signed = await signer.sign(
      new HttpRequest({
        method: 'POST',
        protocol: 'https:',
        hostname: request.hostname,
        path,
        headers: { ...request.headers, host: request.hostname },
        body: request.body,
      }),
    );
    let response: Response;
    try {
      response = await this.fetch(`https://${request.hostname}${path}`, {
        method: 'POST',
        // fetch sets Host itself, from the same hostname that was signed.
        headers: Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name.toLowerCase() !== 'host')),
        body: request.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new AwsCallError(request.service, cause?.code ?? (error as Error).name, `${request.hostname}: ${cause?.message ?? (error as Error).message}`);
    }
    const text = await response.text();
    if (response.ok) return { text, headers: response.headers };
    throw errorOf(request.service, response.status, text);
  }
}

/** STS answers errors in XML (`<Code>`), SSM in JSON (`__type`, sometimes prefixed by a namespace). */
function errorOf(service: string, status: number, body: string): AwsCallError {
  const xmlCode = xmlValue(body, 'Code');
  if (xmlCode) return new AwsCallError(service, xmlCode, xmlValue(body, 'Message') ?? `HTTP ${status}`);
  try {
    const json = JSON.parse(body) as { __type?: string; message?: string; Message?: string };
    const code = json.__type?.split('#').pop();
    if (code) return new AwsCallError(service, code, json.message ?? json.Message ?? `HTTP ${status}`);
  } catch {
    // Not JSON: fall through.
  }
  return new AwsCallError(service, `HTTP${status}`, body.slice(0, 200) || `HTTP ${status}`);
}

function xmlValue(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
}
