/**
 * The deployment stages and everything that differs between them: the one place to read or change
 * a stage's settings (no `--context` flag but the stage's name). `npm run deploy -- --context
 * stage=NAME` and `npm run synth -- --context stage=NAME` select one; `dev` when none is given.
 *
 * - `prod`: production. Its data survives a replaced resource or a deleted stack.
 * - `dev`, and the personal stages `dev-<name>` (`dev-aminata`), which take the settings of `dev`:
 *   throw-away stacks, deleted with their data.
 *
 * Plain data and zod, no CDK: the deploy preflight reads it too, before anything is synthesized.
 */
import { z } from 'zod';

/**
 * Amazon Nova Lite through the EU cross-region inference profile: cheap, writes French, needs no
 * Marketplace subscription. It serves EU source regions only (Kalan deploys to eu-west-*); a stage
 * elsewhere sets the profile of its geography. `null` turns Bedrock off (deterministic ranking).
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'eu.amazon.nova-lite-v1:0';

/** The retention periods CloudWatch Logs accepts (the values of CDK's `RetentionDays`). */
export const LOG_RETENTION_DAYS = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

const stageSettingsSchema = z
  .object({
    /** Production keeps its data (RETAIN_ON_UPDATE_OR_DELETE); any other stage is destroyable. */
    production: z.boolean(),
    /** When set, the deploy refuses credentials of another account (and synth pins the stack to it). */
    account: z.string().regex(/^\d{12}$/, '12 chiffres').optional(),
    /** When unset, the region of the AWS credentials (AWS_REGION, the profile). */
    region: z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'une région AWS, par exemple eu-west-3').optional(),
    bedrockModelId: z.string().trim().min(1).nullable().default(DEFAULT_BEDROCK_MODEL_ID),
    /** Who receives the operations alarms (an SNS e-mail subscription to confirm once). */
    alarmEmail: z.email().optional(),
    /** A custom domain for the site; its certificate must be in us-east-1 (CloudFront's rule). */
    domain: z
      .object({
        name: z.string().regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'un nom de domaine en minuscules'),
        certificateArn: z.string().regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'un certificat ACM de us-east-1'),
      })
      .optional(),
    /**
     * Who sends the accounts' e-mails (codes of sign-up and password reset). Unset: Cognito's own
     * sender, about 50 e-mails a day on the Lite plan, enough for a test stage only. Set: Amazon SES
     * with this verified address (or an address of `sesVerifiedDomain`), in `sesRegion` if SES is not
     * available in the stack's region.
     */
    accountEmailSender: z
      .object({
        fromEmail: z.email(),
        fromName: z.string().trim().min(1).optional(),
        replyTo: z.email().optional(),
        sesRegion: z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'une région AWS, par exemple eu-west-1').optional(),
        sesVerifiedDomain: z.string().regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'un nom de domaine en minuscules').optional(),
      })
      .strict()
      .optional(),
    /** Days the logs are kept: CloudWatch log groups and the S3/CloudFront access logs. */
    logRetentionDays: z.number().refine((days) => (LOG_RETENTION_DAYS as readonly number[]).includes(days), {
      message: `une des durées de CloudWatch Logs : ${LOG_RETENTION_DAYS.join(', ')}`,
    }),
  })
  .strict()
  .refine((settings) => !settings.production || settings.alarmEmail !== undefined, {
    message: 'la production doit avoir une adresse alarmEmail',
    path: ['alarmEmail'],
  })
  // CloudFront's WAF ACL lives in a us-east-1 stack, which the stage's stack reads by a
  // cross-region reference: both regions must be known at synthesis (docs/decisions.md, issue 28).
  .refine((settings) => !requiresCloudFrontWaf(settings) || settings.region !== undefined, {
    message:
      'la production et tout stage avec un domaine doivent fixer leur région (par exemple eu-west-3) : ' +
      'le pare-feu (WAF) de CloudFront est dans une pile de us-east-1 que la pile du stage lit par une référence entre régions',
    path: ['region'],
  });

export type StageSettings = z.output<typeof stageSettingsSchema>;

/**
 * The stages. `satisfies` types them here; `stageSettings()` validates them when one is selected.
 * prod's alarm address is a placeholder to confirm with the team (docs/decisions.md); an account can
 * pin prod once known.
 */
export const STAGES = {
  prod: {
    production: true,
    // Pinned, as every stage with CloudFront's WAF must be; Paris: an EU source region of the default
    // Bedrock profile, French-speaking, the EU region nearest Abidjan's cables (docs/decisions.md, issue 28).
    // Moving it after the first deploy is a migration: a new stack and its data in the new region.
    region: 'eu-west-3',
    alarmEmail: 'exploitation@kalan.ci',
    // A year: payment disputes and refunds are investigated months after the fact.
    logRetentionDays: 365,
  },
  dev: {
    production: false,
    logRetentionDays: 14,
  },
} satisfies Record<string, z.input<typeof stageSettingsSchema>>;

/** `dev-<name>`: a personal stage with the settings of `dev`. 20 characters at most in all. */
const PERSONAL_STAGE = /^dev-[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_STAGE_NAME = 20;

export const DEFAULT_STAGE = 'dev';

export class UnknownStageError extends Error {
  override readonly name = 'UnknownStageError';
}

/** The settings of a stage, validated; a clear error listing the valid stages otherwise. */
export function stageSettings(name: string, stages: Record<string, unknown> = STAGES): StageSettings & { name: string } {
  const key = Object.hasOwn(stages, name) ? name : isPersonalStage(name) && Object.hasOwn(stages, DEFAULT_STAGE) ? DEFAULT_STAGE : undefined;
  if (key === undefined) {
    const hint = /^[a-z][a-z0-9-]*$/.test(name) && !name.startsWith('dev-') ? ` (une pile personnelle : dev-${name})` : '';
    throw new UnknownStageError(
      `Stage inconnu « ${name} »${hint}. Stages valides : ${Object.keys(stages).join(', ')}, ou dev-<nom> ` +
        `(minuscules, chiffres et tirets, ${MAX_STAGE_NAME} caractères au plus) ; voir infra/stages.ts.`,
    );
  }
  const parsed = stageSettingsSchema.safeParse(stages[key]);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(stage)'} : ${issue.message}`).join(' ; ');
    throw new Error(`Réglages invalides pour le stage « ${name} » dans infra/stages.ts : ${problems}`);
  }
  return { name, ...parsed.data };
}

function isPersonalStage(name: string): boolean {
  return name.length <= MAX_STAGE_NAME && PERSONAL_STAGE.test(name);
}

/**
 * Production and every stage with a domain (a site meant for real visitors) must have CloudFront's
 * WAF ACL, so must pin their region; any other stage gets it when it pins its region.
 */
export function requiresCloudFrontWaf(settings: { production: boolean; domain?: unknown }): boolean {
  return settings.production || settings.domain !== undefined;
}

/** Where CloudFront reads its WAF ACLs (and certificates) from. */
export const EDGE_REGION = 'us-east-1';

/**
 * The stacks of a stage: `Kalan-<stage>`, and `Kalan-<stage>-edge` (CloudFront's WAF ACL, in
 * us-east-1) when the stage pins its region. `addKalanStack` builds exactly these; `npm run
 * deploy` names them all, the edge first.
 */
export function stackNames(stage: { name: string; region?: string }): { main: string; edge: string | undefined } {
  const main = `Kalan-${stage.name}`;
  return { main, edge: stage.region ? `${main}-edge` : undefined };
}

/** Where the stage's Paystack secret key lives in Secrets Manager (created by hand, never in the repo). */
export function paystackSecretName(stageName: string): string {
  return `kalan/${stageName}/paystack-secret-key`;
}

/**
 * Where the stage's WhatsApp Cloud API credentials live in Secrets Manager (issue 34; created and
 * filled by the operator, never in the repo): `{"access_token","app_secret","verify_token","phone_number_id"}`.
 */
export function whatsappSecretName(stageName: string): string {
  return `kalan/${stageName}/whatsapp`;
}

/**
 * Where the stage's payout providers' credentials live in Secrets Manager (issue 30; created by
 * hand, never in the repo): CinetPay Transfer's `{"apikey","password"}`, Wave's `{"apiKey"}`.
 */
export function payoutSecretNames(stageName: string): { cinetpay: string; wave: string } {
  return { cinetpay: `kalan/${stageName}/cinetpay-transfer`, wave: `kalan/${stageName}/wave-payouts` };
}
