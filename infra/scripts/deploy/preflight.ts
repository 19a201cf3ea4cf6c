/**
 * What `npm run deploy` checks before CDK synthesizes anything, in this order, each stopping the
 * deploy with a message that says what is missing and how to fix it:
 * 1. the stage (infra/stages.ts);
 * 2. the AWS identity of the credentials (and the stage's account, when it pins one);
 * 3. a region;
 * 4. the CDK bootstrap of that account in that region, and in us-east-1 when the stage has an edge
 *    stack there (CloudFront's WAF ACL: prod and every stage that pins its region);
 * 5. the stage's secrets in Secrets Manager — Paystack's, CinetPay Transfer's and Wave's (issue 30) —
 *    their existence only: their values are never read;
 * 6. the SPA build (`npm run build` when it is missing or older than its sources).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { EDGE_REGION, paystackSecretName, payoutSecretNames, type StageSettings, stackNames, stageSettings } from '../../stages.js';
import { AwsCallError, BOOTSTRAP_VERSION_PARAMETER, type CallerIdentity, type DeployAccount } from './aws-account.js';

/** The oldest bootstrap stack that current CDK templates accept (their CheckBootstrapVersion rule). */
export const MIN_BOOTSTRAP_VERSION = 6;

export class PreflightError extends Error {
  override readonly name = 'PreflightError';
}

export interface SpaBuild {
  /** `web/dist`: its index.html is the proof of a build. */
  readonly distDir: string;
  /** What the build is made from: a newer file in any of them makes the build stale. */
  readonly sourcePaths: readonly string[];
  /** Runs `npm run build`. */
  build(): Promise<void>;
}

export interface PreflightOptions {
  readonly stageName: string | undefined;
  /** @default infra/stages.ts's STAGES */
  readonly stages?: Record<string, unknown>;
  /** The stage's account, given the stage's settings (its region and credentials). */
  readonly accountFor: (settings: StageSettings) => DeployAccount;
  readonly spa: SpaBuild;
  readonly log: (line: string) => void;
}

export interface PreflightResult {
  readonly stage: StageSettings & { name: string };
  readonly identity: CallerIdentity;
  readonly region: string;
}

export async function preflight(options: PreflightOptions): Promise<PreflightResult> {
  const { log } = options;
  const stage = checkStage(options.stageName, options.stages);
  const account = options.accountFor(stage);
  const identity = await checkIdentity(account, stage);
  log(`identité AWS : ${identity.arn} (compte ${identity.account})`);
  const region = await checkRegion(account, stage);
  log(`région : ${region}`);
  // The edge stack deploys to us-east-1 whatever the stage's region: CDK needs its bootstrap there too.
  const { edge } = stackNames(stage);
  for (const bootstrapRegion of new Set([region, ...(edge ? [EDGE_REGION] : [])])) {
    const otherStack = bootstrapRegion === region ? undefined : edge;
    const bootstrapVersion = await checkBootstrap(account, identity, bootstrapRegion, otherStack);
    log(`bootstrap CDK : version ${bootstrapVersion} (${bootstrapRegion})`);
  }
  for (const secret of stageSecrets(stage.name)) {
    await checkSecret(account, stage, identity, region, secret);
    log(`secret ${secret.label} : ${secret.name} (présent ; sa valeur n'est pas lue)`);
  }
  await checkSpaBuild(options.spa, log);
  return { stage, identity, region };
}

/**
 * What `cdk deploy` is given to deploy: every stack of the stage, by name, the edge stack first (the
 * stage's stack reads its ACL). Without names, CDK refuses an app of more than one stack.
 */
export function stacksToDeploy(stage: StageSettings & { name: string }): string[] {
  const { edge, main } = stackNames(stage);
  return edge ? [edge, main] : [main];
}

/** The stage of the deploy arguments: `--context stage=x`, `-c stage=x`, `--context=stage=x`, `-c=stage=x`, as cdk reads them. */
export function stageArgument(argv: readonly string[]): string | undefined {
  let stage: string | undefined;
  argv.forEach((arg, i) => {
    const inline = /^(?:--context|-c)=(.*)$/.exec(arg)?.[1];
    const value = inline ?? (arg === '--context' || arg === '-c' ? argv[i + 1] : undefined);
    const match = value === undefined ? null : /^stage=(.*)$/.exec(value);
    if (match) stage = match[1];
  });
  return stage;
}

function checkStage(stageName: string | undefined, stages?: Record<string, unknown>): StageSettings & { name: string } {
  if (!stageName) {
    throw new PreflightError(
      'Précisez le stage à déployer : `npm run deploy -- --context stage=dev-<votre nom>` (ou stage=prod) ; les stages sont dans infra/stages.ts.',
    );
  }
  try {
    return stageSettings(stageName, stages);
  } catch (error) {
    throw new PreflightError((error as Error).message);
  }
}

async function checkIdentity(account: DeployAccount, stage: StageSettings & { name: string }): Promise<CallerIdentity> {
  let identity: CallerIdentity;
  try {
    identity = await account.identity();
  } catch (error) {
    const { name, message } = error as Error;
    if (name === 'CredentialsProviderError') {
      throw new PreflightError(
        "Identité AWS introuvable : aucun identifiant AWS n'est configuré sur cette machine. Configurez-en " +
          '(`aws configure`, `aws sso login --profile …` puis AWS_PROFILE, ou AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY) ' +
          'et relancez. Rien n’a été synthétisé ni déployé.',
      );
    }
    const code = error instanceof AwsCallError ? error.code : name;
    throw new PreflightError(
      `Identité AWS refusée ou injoignable (STS GetCallerIdentity : ${code} — ${message}). Renouvelez vos identifiants ` +
        '(`aws sso login`…) ou vérifiez la connexion, puis relancez. Rien n’a été synthétisé ni déployé.',
    );
  }
  if (stage.account && stage.account !== identity.account) {
    throw new PreflightError(
      `Le stage ${stage.name} se déploie dans le compte ${stage.account} (infra/stages.ts), mais vos identifiants sont ` +
        `ceux du compte ${identity.account} (${identity.arn}). Changez de profil AWS.`,
    );
  }
  return identity;
}

async function checkRegion(account: DeployAccount, stage: StageSettings & { name: string }): Promise<string> {
  const region = stage.region ?? (await account.region());
  if (!region) {
    throw new PreflightError(
      `Région AWS inconnue : définissez AWS_REGION (ou la région de votre profil AWS), ou fixez \`region\` du stage ${stage.name} dans infra/stages.ts.`,
    );
  }
  return region;
}

/** `stack`: the stack that deploys to `region` when it is not the stage's own (the edge stack in us-east-1). */
async function checkBootstrap(account: DeployAccount, identity: CallerIdentity, region: string, stack?: string): Promise<number> {
  const why = stack ? ` (la pile ${stack}, le pare-feu de CloudFront, s'y déploie)` : '';
  const bootstrap = `npx cdk bootstrap aws://${identity.account}/${region}`;
  let version: number | null;
  try {
    version = await account.bootstrapVersion(region);
  } catch (error) {
    const code = error instanceof AwsCallError ? error.code : (error as Error).name;
    throw new PreflightError(
      `Impossible de lire le bootstrap CDK (SSM ${BOOTSTRAP_VERSION_PARAMETER}, compte ${identity.account}, ${region}) : ` +
        `${code} — ${(error as Error).message}. Il faut le droit ssm:GetParameter sur ce paramètre.`,
    );
  }
  if (version === null) {
    throw new PreflightError(
      `Le compte ${identity.account} n'est pas préparé pour CDK dans la région ${region}${why} (paramètre SSM ${BOOTSTRAP_VERSION_PARAMETER} absent) : ` +
        `lancez \`${bootstrap}\` une fois, puis relancez le déploiement.`,
    );
  }
  if (version < MIN_BOOTSTRAP_VERSION) {
    throw new PreflightError(
      `Le bootstrap CDK du compte ${identity.account} (${region}) est en version ${version} ; il en faut au moins ${MIN_BOOTSTRAP_VERSION} : relancez \`${bootstrap}\`.`,
    );
  }
  return version;
}

interface StageSecret {
  /** How the messages name it. */
  label: string;
  name: string;
  /** The `--secret-string` the command that creates it shows: its shape, with `<…>` where the value goes. */
  secretShape: string;
  /** What to know about its value. */
  note: string;
}

/** The secrets a stage's functions read, created by hand in its account and region. */
function stageSecrets(stageName: string): StageSecret[] {
  const payouts = payoutSecretNames(stageName);
  return [
    { label: 'Paystack', name: paystackSecretName(stageName), secretShape: '<clé secrète Paystack>', note: 'la clé sk_… ne va jamais dans le dépôt' },
    {
      label: 'CinetPay Transfer',
      name: payouts.cinetpay,
      secretShape: `'{"apikey":"<clé API>","password":"<mot de passe API>"}'`,
      note: "les identifiants de l'API de transfert CinetPay ne vont jamais dans le dépôt",
    },
    { label: 'Wave', name: payouts.wave, secretShape: `'{"apiKey":"<clé API Wave>"}'`, note: 'une clé API Wave avec le droit « Payouts », jamais dans le dépôt' },
  ];
}

async function checkSecret(
  account: DeployAccount,
  stage: StageSettings & { name: string },
  identity: CallerIdentity,
  region: string,
  secret: StageSecret,
): Promise<void> {
  const { label, name } = secret;
  const create = `créez-le avec \`aws secretsmanager create-secret --region ${region} --name ${name} --secret-string ${secret.secretShape}\` (${secret.note})`;
  let state;
  try {
    state = await account.secretState(name);
  } catch (error) {
    const code = error instanceof AwsCallError ? error.code : (error as Error).name;
    throw new PreflightError(
      `Impossible de vérifier le secret ${label} ${name} (Secrets Manager, compte ${identity.account}, ${region}) : ${code} — ${(error as Error).message}.`,
    );
  }
  if (state === 'missing') {
    throw new PreflightError(`Le secret ${label} du stage ${stage.name} est absent de Secrets Manager (${name}, compte ${identity.account}, ${region}) : ${create}.`);
  }
  if (state === 'scheduled-for-deletion') {
    throw new PreflightError(
      `Le secret ${label} ${name} est programmé pour suppression (compte ${identity.account}, ${region}) : ` +
        `restaurez-le avec \`aws secretsmanager restore-secret --region ${region} --secret-id ${name}\`.`,
    );
  }
}

async function checkSpaBuild(spa: SpaBuild, log: (line: string) => void): Promise<void> {
  const state = spaBuildState(spa.distDir, spa.sourcePaths);
  if (state === 'fresh') {
    log(`SPA : ${path.join(spa.distDir, 'index.html')} à jour`);
    return;
  }
  log(
    state === 'missing'
      ? `SPA : ${path.join(spa.distDir, 'index.html')} absent, construction (npm run build)…`
      : 'SPA : la construction est plus ancienne que ses sources, reconstruction (npm run build)…',
  );
  try {
    await spa.build();
  } catch (error) {
    throw new PreflightError(`La construction de la SPA a échoué (npm run build) : ${(error as Error).message}`);
  }
  if (spaBuildState(spa.distDir, spa.sourcePaths) !== 'fresh') {
    throw new PreflightError(`npm run build n'a pas produit ${path.join(spa.distDir, 'index.html')}.`);
  }
}

/** Missing without index.html; stale when a source file is newer than it. */
export function spaBuildState(distDir: string, sourcePaths: readonly string[]): 'missing' | 'stale' | 'fresh' {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return 'missing';
  const builtAt = statSync(index).mtimeMs;
  return sourcePaths.some((source) => newestChange(source) > builtAt) ? 'stale' : 'fresh';
}

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
