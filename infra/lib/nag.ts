import { CfnElement, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 runs as a CDK validation plugin and reads acknowledgments from
 * `Validations.of(scope).acknowledge()`, one finding id at a time, for the scope and all its
 * children. Every acknowledgment carries the reason the finding is accepted.
 */
export function acknowledge(scope: IConstruct, reason: string, ...ruleIds: string[]): void {
  const validations = Validations.of(scope);
  for (const id of ruleIds) validations.acknowledge({ id, reason });
}

/**
 * A finding id naming the stack's partition, region or account: cdk-nag writes `<AWS::Region>`
 * for an environment-agnostic stack and the value itself for a stage that pins its account and
 * region (infra/stages.ts). `nagId(scope, 'arn:{partition}:s3:::x-{account}-{region}/*')`.
 */
export function nagId(scope: IConstruct, pattern: string): string {
  const stack = Stack.of(scope);
  const pseudo = (value: string, name: string) => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);
  return pattern
    .replaceAll('{partition}', pseudo(stack.partition, 'Partition'))
    .replaceAll('{region}', pseudo(stack.region, 'Region'))
    .replaceAll('{account}', pseudo(stack.account, 'AccountId'));
}

/**
 * How cdk-nag names an attribute of a resource of this stack in a finding id:
 * `<DataTableFDBAD0F2.Arn>`. Derived, so findings follow the logical id if it changes.
 */
export function nagReference(construct: IConstruct, attribute = 'Arn'): string {
  const element = construct.node.defaultChild ?? construct;
  if (!CfnElement.isCfnElement(element)) throw new Error(`${construct.node.path} is not a CloudFormation resource`);
  return `<${Stack.of(element).getLogicalId(element)}.${attribute}>`;
}
