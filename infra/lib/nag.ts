import { CfnElement, Stack, Validations } from 'aws-cdk-lib';
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
 * How cdk-nag names an attribute of a resource of this stack in a finding id:
 * `<DataTableFDBAD0F2.Arn>`. Derived, so findings follow the logical id if it changes.
 */
export function nagReference(construct: IConstruct, attribute = 'Arn'): string {
  const element = construct.node.defaultChild ?? construct;
  if (!CfnElement.isCfnElement(element)) throw new Error(`${construct.node.path} is not a CloudFormation resource`);
  return `<${Stack.of(element).getLogicalId(element)}.${attribute}>`;
}
