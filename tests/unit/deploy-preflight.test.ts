/**
 * `npm run deploy`'s preflight, with AWS answered at the SDK boundary: Secrets Manager through
 * aws-sdk-client-mock, STS and SSM (signed requests sent with fetch) through a fake fetch, the
 * credential chain through a provider. Each missing piece stops the deploy with its own message.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsAccount, type AwsAccountOptions } from '../../infra/scripts/deploy/aws-account.js';
import { preflight, PreflightError, type PreflightOptions, spaBuildState, stacksToDeploy, stageArgument } from '../../infra/scripts/deploy/preflight.js';
import { BACKFILL_LIMIT, migratePhotos } from '../../infra/scripts/deploy/photos.js';
import { STAGES, stageSettings } from '../../infra/stages.js';

const ACCOUNT = '123456789012';
const ARN = `arn:aws:sts::${ACCOUNT}:assumed-role/Developer/aminata`;
const credentials = async () => ({ accessKeyId: 'AKIATESTPREFLIGHT', secretAccessKey: 'test-secret-access-key' });
const noCredentials = async (): Promise<never> => {
  // What the SDK's default chain throws when it finds nothing.
  throw Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' });
};

const identityXml = `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult>
<Arn>${ARN}</Arn><UserId>AROAEXAMPLE:aminata</UserId><Account>${ACCOUNT}</Account></GetCallerIdentityResult></GetCallerIdentityResponse>`;
const bootstrapJson = (version: string) => JSON.stringify({ Parameter: { Name: '/cdk-bootstrap/hnb659fds/version', Type: 'String', Value: version } });

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** STS and SSM as the fake fetch answers them; each test changes what it needs. */
function awsFetch(answers: { sts?: () => Response; ssm?: () => Response } = {}) {
  const sent: Sent[] = [];
  const fake = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
    if (String(url).includes('://sts.')) return answers.sts?.() ?? new Response(identityXml, { status: 200 });
    if (String(url).includes('://ssm.')) return answers.ssm?.() ?? new Response(bootstrapJson('30'), { status: 200 });
    throw new Error(`unexpected request ${String(url)}`);
  });
  return { fetch: fake as unknown as typeof fetch, sent };
}

const secrets = mockClient(SecretsManagerClient);

function spaDir(state: 'missing' | 'fresh' | 'stale'): { distDir: string; sourcePaths: string[] } {
  const root = mkdtempSync(path.join(tmpdir(), 'kalan-preflight-'));
  const distDir = path.join(root, 'dist');
  const source = path.join(root, 'src');
  mkdirSync(source);
  writeFileSync(path.join(source, 'main.tsx'), 'export {}');
  utimesSync(path.join(source, 'main.tsx'), new Date(2026, 0, 2), new Date(2026, 0, 2));
  if (state !== 'missing') {
    mkdirSync(distDir);
    writeFileSync(path.join(distDir, 'index.html'), '<div id="root">');
    const builtAt = state === 'fresh' ? new Date(2026, 0, 3) : new Date(2026, 0, 1);
    utimesSync(path.join(distDir, 'index.html'), builtAt, builtAt);
  }
  return { distDir, sourcePaths: [source] };
}

/** A preflight with everything present; `overrides` removes one piece at a time. */
function options(overrides: Partial<PreflightOptions> & { aws?: AwsAccountOptions; spaState?: 'missing' | 'fresh' | 'stale' } = {}) {
  const { aws, spaState = 'fresh', ...rest } = overrides;
  const lines: string[] = [];
  const { distDir, sourcePaths } = spaDir(spaState);
  const build = vi.fn(async () => {
    mkdirSync(distDir, { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), '<div id="root">');
  });
  const network = awsFetch();
  const opts: PreflightOptions = {
    stageName: 'dev-aminata',
    accountFor: (stage) => new AwsAccount({ region: stage.region ?? 'eu-west-3', credentials, fetch: network.fetch, ...aws }),
    spa: { distDir, sourcePaths, build },
    log: (line) => lines.push(line),
    ...rest,
  };
  return { opts, lines, build, sent: network.sent };
}

async function failure(opts: PreflightOptions): Promise<string> {
  const error = await preflight(opts).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PreflightError);
  return (error as PreflightError).message;
}

beforeEach(() => {
  secrets.reset();
  secrets.on(DescribeSecretCommand).resolves({ Name: 'kalan/dev-aminata/paystack-secret-key', ARN: 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:x' });
});
afterEach(() => vi.unstubAllEnvs());

describe('the deploy stage', () => {
  it('is read from the arguments as cdk reads them', () => {
    expect(stageArgument(['--context', 'stage=dev-awa'])).toBe('dev-awa');
    expect(stageArgument(['-c', 'stage=prod', '--app', 'cdk.out'])).toBe('prod');
    expect(stageArgument(['--context=stage=dev-x'])).toBe('dev-x');
    expect(stageArgument(['-c', 'other=1', '--require-approval', 'never'])).toBeUndefined();
  });

  it('must be given, and known to infra/stages.ts', async () => {
    expect(await failure(options({ stageName: undefined }).opts)).toMatch(/Précisez le stage à déployer : `npm run deploy -- --context stage=dev-<votre nom>`/);
    expect(await failure(options({ stageName: 'aminata' }).opts)).toBe(
      'Stage inconnu « aminata » (une pile personnelle : dev-aminata). Stages valides : prod, dev, ou dev-<nom> (minuscules, chiffres et tirets, 20 caractères au plus) ; voir infra/stages.ts.',
    );
  });
});

describe('the AWS identity', () => {
  it('stops everything when no credentials are configured, before any AWS call, build or synthesis', async () => {
    const { opts, build, sent } = options({ aws: { credentials: noCredentials } });
    expect(await failure(opts)).toBe(
      "Identité AWS introuvable : aucun identifiant AWS n'est configuré sur cette machine. Configurez-en (`aws configure`, " +
        '`aws sso login --profile …` puis AWS_PROFILE, ou AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY) et relancez. Rien n’a été synthétisé ni déployé.',
    );
    expect(sent).toEqual([]);
    expect(secrets.calls()).toHaveLength(0);
    expect(build).not.toHaveBeenCalled();
  });

  it("says STS's reason when it refuses the credentials", async () => {
    const sts = () =>
      new Response('<ErrorResponse><Error><Type>Sender</Type><Code>ExpiredToken</Code><Message>The security token included in the request is expired</Message></Error></ErrorResponse>', { status: 403 });
    const { opts } = options({ aws: { fetch: awsFetch({ sts }).fetch } });
    expect(await failure(opts)).toMatch(/^Identité AWS refusée ou injoignable \(STS GetCallerIdentity : ExpiredToken — The security token included in the request is expired\)/);
  });

  it('says when STS cannot be reached (offline)', async () => {
    const offline = (async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND sts.eu-west-3.amazonaws.com'), { code: 'ENOTFOUND' }) });
    }) as unknown as typeof fetch;
    expect(await failure(options({ aws: { fetch: offline } }).opts)).toMatch(/STS GetCallerIdentity : ENOTFOUND — sts\.eu-west-3\.amazonaws\.com: getaddrinfo ENOTFOUND/);
  });

  it('is asked with a SigV4-signed GetCallerIdentity, on the regional endpoint', async () => {
    const { opts, sent } = options();
    await preflight(opts);
    const sts = sent.find((s) => s.url.includes('sts.'))!;
    expect(sts.url).toBe('https://sts.eu-west-3.amazonaws.com/');
    expect(sts.body).toBe('Action=GetCallerIdentity&Version=2011-06-15');
    expect(sts.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTPREFLIGHT\/\d{8}\/eu-west-3\/sts\/aws4_request, SignedHeaders=[\w;-]*host[\w;-]*, Signature=[0-9a-f]{64}$/);
  });

  it("must be the stage's account when the stage names one", async () => {
    const stages = { ...STAGES, prod: { ...STAGES.prod, account: '999999999999' } };
    const { opts } = options({ stageName: 'prod', stages });
    expect(await failure(opts)).toBe(
      `Le stage prod se déploie dans le compte 999999999999 (infra/stages.ts), mais vos identifiants sont ceux du compte ${ACCOUNT} (${ARN}). Changez de profil AWS.`,
    );
  });
});

describe('the region', () => {
  it('must be known, from the stage or the AWS configuration', async () => {
    vi.stubEnv('AWS_REGION', '');
    vi.stubEnv('AWS_DEFAULT_REGION', '');
    vi.stubEnv('AWS_PROFILE', 'kalan-preflight-test');
    vi.stubEnv('AWS_CONFIG_FILE', path.join(tmpdir(), 'kalan-no-aws-config'));
    const network = awsFetch();
    const { opts } = options({ accountFor: () => new AwsAccount({ credentials, fetch: network.fetch }) });
    expect(await failure(opts)).toBe(
      'Région AWS inconnue : définissez AWS_REGION (ou la région de votre profil AWS), ou fixez `region` du stage dev-aminata dans infra/stages.ts.',
    );
    // Without a region the identity was asked of STS's global endpoint.
    expect(network.sent.map((s) => s.url)).toEqual(['https://sts.amazonaws.com/']);
  });
});

describe('the CDK bootstrap', () => {
  it('must exist in the account and region, or the bootstrap command is given', async () => {
    const ssm = () => new Response(JSON.stringify({ __type: 'ParameterNotFound', message: '' }), { status: 400 });
    const { opts } = options({ aws: { fetch: awsFetch({ ssm }).fetch } });
    expect(await failure(opts)).toBe(
      `Le compte ${ACCOUNT} n'est pas préparé pour CDK dans la région eu-west-3 (paramètre SSM /cdk-bootstrap/hnb659fds/version absent) : ` +
        `lancez \`npx cdk bootstrap aws://${ACCOUNT}/eu-west-3\` une fois, puis relancez le déploiement.`,
    );
  });

  it('must be recent enough for the templates CDK writes', async () => {
    const { opts } = options({ aws: { fetch: awsFetch({ ssm: () => new Response(bootstrapJson('5')) }).fetch } });
    expect(await failure(opts)).toMatch(/en version 5 ; il en faut au moins 6 : relancez `npx cdk bootstrap aws:\/\/123456789012\/eu-west-3`/);
  });

  it('is read from its SSM parameter with a signed GetParameter', async () => {
    const { opts, sent } = options();
    await preflight(opts);
    const ssm = sent.find((s) => s.url.includes('ssm.'))!;
    expect(ssm.url).toBe('https://ssm.eu-west-3.amazonaws.com/');
    expect(ssm.headers['x-amz-target']).toBe('AmazonSSM.GetParameter');
    expect(JSON.parse(ssm.body)).toEqual({ Name: '/cdk-bootstrap/hnb659fds/version' });
  });

  it('says why it could not be read (a missing permission)', async () => {
    const ssm = () => new Response(JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: 'not authorized to perform: ssm:GetParameter' }), { status: 400 });
    expect(await failure(options({ aws: { fetch: awsFetch({ ssm }).fetch } }).opts)).toMatch(
      /Impossible de lire le bootstrap CDK .* AccessDeniedException — not authorized to perform: ssm:GetParameter/,
    );
  });
});

describe("the edge stack (issue 28: CloudFront's WAF ACL in us-east-1)", () => {
  const notBootstrapped = () => new Response(JSON.stringify({ __type: 'ParameterNotFound', message: '' }), { status: 400 });

  it("is deployed with the stage's stack, first, for prod; a stage without one deploys its stack alone", () => {
    expect(stacksToDeploy(stageSettings('prod'))).toEqual(['Kalan-prod-edge', 'Kalan-prod']);
    expect(stacksToDeploy(stageSettings('dev-aminata'))).toEqual(['Kalan-dev-aminata']);
  });

  it("needs the CDK bootstrap in us-east-1 as well as in the stage's region", async () => {
    const network = awsFetch();
    const { opts, lines } = options({ stageName: 'prod', aws: { fetch: network.fetch } });
    await preflight(opts);
    const ssm = network.sent.filter((s) => s.url.includes('ssm.'));
    expect(ssm.map((s) => s.url)).toEqual(['https://ssm.eu-west-3.amazonaws.com/', 'https://ssm.us-east-1.amazonaws.com/']);
    // Each request signed for its own region.
    expect(ssm[1]!.headers.authorization).toMatch(/Credential=AKIATESTPREFLIGHT\/\d{8}\/us-east-1\/ssm\/aws4_request/);
    expect(lines.filter((line) => line.startsWith('bootstrap CDK'))).toEqual(['bootstrap CDK : version 30 (eu-west-3)', 'bootstrap CDK : version 30 (us-east-1)']);
  });

  it('stops the deploy, with the command, when us-east-1 is not bootstrapped', async () => {
    const fake = awsFetch({ ssm: () => new Response(bootstrapJson('30')) });
    const byRegion = (async (url: string | URL | Request, init?: RequestInit) =>
      String(url).includes('ssm.us-east-1.') ? notBootstrapped() : fake.fetch(url, init)) as typeof fetch;
    const { opts } = options({ stageName: 'prod', aws: { fetch: byRegion } });
    expect(await failure(opts)).toBe(
      `Le compte ${ACCOUNT} n'est pas préparé pour CDK dans la région us-east-1 (la pile Kalan-prod-edge, le pare-feu de CloudFront, s'y déploie) ` +
        `(paramètre SSM /cdk-bootstrap/hnb659fds/version absent) : lancez \`npx cdk bootstrap aws://${ACCOUNT}/us-east-1\` une fois, puis relancez le déploiement.`,
    );
  });

  it('is not asked of us-east-1 for a stage without one', async () => {
    const { opts, sent } = options();
    await preflight(opts);
    expect(sent.filter((s) => s.url.includes('ssm.')).map((s) => s.url)).toEqual(['https://ssm.eu-west-3.amazonaws.com/']);
  });
});

describe("the stage's Paystack secret", () => {
  it('must exist in Secrets Manager, or the command to create it is given (without any key)', async () => {
    secrets.on(DescribeSecretCommand).rejects(new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret.", $metadata: {} }));
    expect(await failure(options().opts)).toBe(
      `Le secret Paystack du stage dev-aminata est absent de Secrets Manager (kalan/dev-aminata/paystack-secret-key, compte ${ACCOUNT}, eu-west-3) : ` +
        'créez-le avec `aws secretsmanager create-secret --region eu-west-3 --name kalan/dev-aminata/paystack-secret-key --secret-string <clé secrète Paystack>` ' +
        '(la clé sk_… ne va jamais dans le dépôt).',
    );
  });

  it('must not be scheduled for deletion', async () => {
    secrets.on(DescribeSecretCommand).resolves({ Name: 'kalan/dev-aminata/paystack-secret-key', DeletedDate: new Date() });
    expect(await failure(options().opts)).toMatch(/programmé pour suppression .* `aws secretsmanager restore-secret --region eu-west-3 --secret-id kalan\/dev-aminata\/paystack-secret-key`/);
  });

  it('is looked up by its name in the stage, and its value is never read', async () => {
    const { opts, lines } = options();
    await preflight(opts);
    expect(secrets.commandCalls(DescribeSecretCommand).map((call) => call.args[0].input)).toEqual([
      { SecretId: 'kalan/dev-aminata/paystack-secret-key' },
      { SecretId: 'kalan/dev-aminata/cinetpay-transfer' },
      { SecretId: 'kalan/dev-aminata/wave-payouts' },
    ]);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
    expect(lines).toContain("secret Paystack : kalan/dev-aminata/paystack-secret-key (présent ; sa valeur n'est pas lue)");
    expect(lines).toContain("secret Wave : kalan/dev-aminata/wave-payouts (présent ; sa valeur n'est pas lue)");
  });
});

describe("the stage's payout providers' secrets (issue 30)", () => {
  it('must exist too: a missing one stops the deploy with the command that creates it (placeholders, no value)', async () => {
    secrets
      .on(DescribeSecretCommand, { SecretId: 'kalan/dev-aminata/wave-payouts' })
      .rejects(new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret.", $metadata: {} }));
    expect(await failure(options().opts)).toBe(
      `Le secret Wave du stage dev-aminata est absent de Secrets Manager (kalan/dev-aminata/wave-payouts, compte ${ACCOUNT}, eu-west-3) : ` +
        `créez-le avec \`aws secretsmanager create-secret --region eu-west-3 --name kalan/dev-aminata/wave-payouts --secret-string '{"apiKey":"<clé API Wave>"}'\` ` +
        '(une clé API Wave avec le droit « Payouts », jamais dans le dépôt).',
    );
  });

  it('names the CinetPay Transfer secret the stack reads when it is scheduled for deletion', async () => {
    secrets.on(DescribeSecretCommand, { SecretId: 'kalan/dev-aminata/cinetpay-transfer' }).resolves({ Name: 'kalan/dev-aminata/cinetpay-transfer', DeletedDate: new Date() });
    expect(await failure(options().opts)).toMatch(/^Le secret CinetPay Transfer kalan\/dev-aminata\/cinetpay-transfer est programmé pour suppression/);
  });
});

describe('the SPA build', () => {
  it('is built when missing, and the deploy goes on', async () => {
    const { opts, lines, build } = options({ spaState: 'missing' });
    await preflight(opts);
    expect(build).toHaveBeenCalledOnce();
    expect(lines.at(-1)).toMatch(/^SPA : .*index\.html absent, construction \(npm run build\)…$/);
  });

  it('is rebuilt when older than its sources, and left alone when up to date', async () => {
    const stale = options({ spaState: 'stale' });
    await preflight(stale.opts);
    expect(stale.build).toHaveBeenCalledOnce();
    const fresh = options({ spaState: 'fresh' });
    await preflight(fresh.opts);
    expect(fresh.build).not.toHaveBeenCalled();
    expect(spaBuildState(fresh.opts.spa.distDir, fresh.opts.spa.sourcePaths)).toBe('fresh');
  });

  it('stops the deploy when the build fails', async () => {
    const { opts } = options({ spaState: 'missing' });
    const failing = { ...opts, spa: { ...opts.spa, build: async () => Promise.reject(new Error('code de sortie 1')) } };
    expect(await failure(failing)).toBe('La construction de la SPA a échoué (npm run build) : code de sortie 1');
  });
});

describe('a complete preflight', () => {
  it('checks identity, region, bootstrap, secrets and build in that order, and says so', async () => {
    const { opts, lines } = options();
    const result = await preflight(opts);
    expect(result).toMatchObject({ identity: { account: ACCOUNT, arn: ARN }, region: 'eu-west-3', stage: { name: 'dev-aminata', production: false } });
    expect(lines.map((line) => line.split(' :')[0])).toEqual(['identité AWS', 'région', 'bootstrap CDK', 'secret Paystack', 'secret CinetPay Transfer', 'secret Wave', 'SPA']);
  });
});

describe("after the deploy: the pages' publisher", () => {
  it('is invoked asynchronously (Event) with the publish request, signed for Lambda in the stage region', async () => {
    const sent: Sent[] = [];
    const fake = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
      return new Response('', { status: 202 });
    });
    const account = new AwsAccount({ region: 'eu-west-3', credentials, fetch: fake as unknown as typeof fetch });
    await account.invokeAsync('KalanDev-SearchIndexer-abc123', { action: 'publish-pages' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://lambda.eu-west-3.amazonaws.com/2015-03-31/functions/KalanDev-SearchIndexer-abc123/invocations');
    expect(sent[0]!.headers['x-amz-invocation-type']).toBe('Event');
    expect(sent[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTPREFLIGHT\/\d{8}\/eu-west-3\/lambda\/aws4_request/);
    expect(JSON.parse(sent[0]!.body)).toEqual({ action: 'publish-pages' });
  });

  it("says Lambda's refusal with its code", async () => {
    const fake = async () => new Response(JSON.stringify({ Type: 'User', message: 'Function not found' }), { status: 404, headers: { 'x-amzn-errortype': 'ResourceNotFoundException' } });
    const account = new AwsAccount({ region: 'eu-west-3', credentials, fetch: fake as unknown as typeof fetch });
    await expect(account.invokeAsync('missing', {})).rejects.toMatchObject({ service: 'lambda' });
  });
});

describe("after the deploy: the photos' migration", () => {
  it('invokes the photo resizer synchronously with bounded requests, each from the cursor answered, until nothing remains', async () => {
    const answers = [
      { migrated: 10, skipped: 0, remaining: 13, next: 'user-10' },
      { migrated: 9, skipped: 1, remaining: 3, next: 'user-20' },
      { migrated: 3, skipped: 0, remaining: 0, next: null },
    ];
    const sent: Sent[] = [];
    const fake = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
      return new Response(JSON.stringify(answers[sent.length - 1]), { status: 200 });
    });
    const account = new AwsAccount({ region: 'eu-west-3', credentials, fetch: fake as unknown as typeof fetch });
    const lines: string[] = [];
    const total = await migratePhotos((payload) => account.invoke('KalanDev-PhotoResizer-abc', payload), (line) => lines.push(line));
    expect(total).toEqual({ calls: 3, migrated: 22, skipped: 1 });
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([
      { action: 'backfill-photos', limit: BACKFILL_LIMIT },
      { action: 'backfill-photos', limit: BACKFILL_LIMIT, after: 'user-10' },
      { action: 'backfill-photos', limit: BACKFILL_LIMIT, after: 'user-20' },
    ]);
    expect(sent[0]!.url).toBe('https://lambda.eu-west-3.amazonaws.com/2015-03-31/functions/KalanDev-PhotoResizer-abc/invocations');
    expect(sent.every((request) => request.headers['x-amz-invocation-type'] === 'RequestResponse')).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('costs one call when every photo is migrated already', async () => {
    const invoke = vi.fn(async () => ({ migrated: 0, skipped: 0, remaining: 0, next: null }));
    expect(await migratePhotos(invoke, () => {})).toEqual({ calls: 1, migrated: 0, skipped: 0 });
  });

  it("stops on a failed run (Lambda's X-Amz-Function-Error), an unexpected answer, or a cursor that does not move", async () => {
    const failed = async () =>
      new Response(JSON.stringify({ errorType: 'Error', errorMessage: 'S3 PutObject answered 403' }), { status: 200, headers: { 'x-amz-function-error': 'Unhandled' } });
    const account = new AwsAccount({ region: 'eu-west-3', credentials, fetch: failed as unknown as typeof fetch });
    await expect(migratePhotos((payload) => account.invoke('f', payload), () => {})).rejects.toMatchObject({ service: 'lambda', message: 'S3 PutObject answered 403' });
    await expect(migratePhotos(async () => null, () => {})).rejects.toThrow(/réponse inattendue/);
    await expect(migratePhotos(async () => ({ migrated: 1 }), () => {})).rejects.toThrow(/réponse inattendue/);
    await expect(migratePhotos(async () => ({ migrated: 0, skipped: 1, remaining: 1, next: 'user-1' }), () => {})).rejects.toThrow(/curseur/);
  });
});
