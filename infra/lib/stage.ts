import { RemovalPolicy } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { DEFAULT_STAGE, paystackSecretName, payoutSecretNames, type StageSettings, stageSettings } from '../stages.js';

/** A stage as the constructs use it: its settings from infra/stages.ts and what follows from them. */
export interface Stage extends Omit<StageSettings, 'logRetentionDays'> {
  readonly name: string;
  readonly isProduction: boolean;
  /**
   * Production: RETAIN_ON_UPDATE_OR_DELETE, so a bad deploy or a deleted stack never deletes users'
   * data, while a failed first creation still rolls back cleanly. Elsewhere DESTROY (and buckets
   * emptied on delete), so a personal stack goes away entirely.
   */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  readonly paystackSecretName: string;
  /** The payout providers' credentials (issue 30): CinetPay Transfer's and Wave's secrets. */
  readonly payoutSecretNames: { cinetpay: string; wave: string };
}

/** The stage from its settings (tests pass their own). */
export function stageFrom(settings: StageSettings & { name: string }): Stage {
  const { logRetentionDays, ...rest } = settings;
  return {
    ...rest,
    isProduction: settings.production,
    removalPolicy: settings.production ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    // infra/stages.ts only accepts CloudWatch's own values, which are RetentionDays' values.
    logRetention: logRetentionDays as RetentionDays,
    paystackSecretName: paystackSecretName(settings.name),
    payoutSecretNames: payoutSecretNames(settings.name),
  };
}

/** The stage named in infra/stages.ts (or a personal `dev-<name>`); throws listing the valid ones. */
export function stageNamed(name: string): Stage {
  return stageFrom(stageSettings(name));
}

/** `cdk synth -c stage=prod`; `dev` when not given. */
export function stageFromContext(node: Node): Stage {
  const value: unknown = node.tryGetContext('stage');
  return stageNamed(typeof value === 'string' && value !== '' ? value : DEFAULT_STAGE);
}
