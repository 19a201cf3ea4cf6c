import { RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';

/** The stage whose data must survive a `cdk destroy` or a replaced resource. */
const PRODUCTION_STAGE = 'prod';
const DEFAULT_STAGE = 'dev';

/** What differs between stages: only how much we protect the data. */
export interface Stage {
  readonly name: string;
  readonly isProduction: boolean;
  /** RETAIN in production so a bad deploy never deletes users' data; DESTROY elsewhere. */
  readonly removalPolicy: RemovalPolicy;
}

export function stageNamed(name: string): Stage {
  // The name goes into the stack name and resource names: keep it short and DNS-safe.
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(name)) {
    throw new Error(`Invalid stage "${name}": use lowercase letters, digits and dashes (max 20).`);
  }
  const isProduction = name === PRODUCTION_STAGE;
  return { name, isProduction, removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY };
}

/** `cdk synth -c stage=prod`; `dev` when not given. */
export function stageFromContext(node: Node): Stage {
  const value: unknown = node.tryGetContext('stage');
  return stageNamed(typeof value === 'string' && value !== '' ? value : DEFAULT_STAGE);
}

export function stackNameFor(stage: Stage): string {
  return `Kalan-${stage.name}`;
}
