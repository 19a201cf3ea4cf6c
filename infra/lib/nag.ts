import { Aws, CfnElement, Fn, Names, Stack, Token, Validations } from 'aws-cdk-lib';
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
 * How cdk-nag names an attribute of a resource in a finding id: `<DataTableFDBAD0F2.Arn>` in the
 * resource's own stack. In a nested stack (`consumer`'s, when the finding is about a resource
 * there), a value of the parent stack is a parameter CDK names after it: see `parentParameter`.
 * Derived, so findings follow the logical id if it changes.
 */
export function nagReference(construct: IConstruct, attribute = 'Arn', consumer: IConstruct = construct): string {
  const element = construct.node.defaultChild ?? construct;
  if (!CfnElement.isCfnElement(element)) throw new Error(`${construct.node.path} is not a CloudFormation resource`);
  const producer = Stack.of(element);
  if (Stack.of(consumer) === producer) return attribute === 'Ref' ? `<${producer.getLogicalId(element)}>` : `<${producer.getLogicalId(element)}.${attribute}>`;
  if (producer.nestedStackParent === Stack.of(consumer)) return `<${nestedOutput(producer, element, attribute)}>`;
  const consumerParent = Stack.of(consumer).nestedStackParent;
  if (consumerParent && producer.nestedStackParent === consumerParent) {
    // A sibling nested stack's value: its output, passed by the parent as a parameter named after that output.
    const resource = producer.nestedStackResource!;
    return `<${`reference-to-${Names.nodeUniqueId(resource.node)}Outputs${Names.nodeUniqueId(element.node)}${attribute}`.replace(/[^A-Za-z0-9]/g, '')}>`;
  }
  return `<${parentParameter(consumer, element, attribute)}>`;
}

/**
 * How the parent of a nested stack reads one of its values: the nested stack resource's output
 * that CDK names after the construct and the attribute (`Names.nodeUniqueId` + attribute, the same
 * core/lib/private/refs.ts), as `<NestedStackResource.Outputs.Name>`.
 */
function nestedOutput(nested: Stack, element: CfnElement, attribute: string): string {
  const resource = nested.nestedStackResource;
  if (!resource) throw new Error(`${nested.node.path} is not a nested stack`);
  const parent = nested.nestedStackParent!;
  return `${parent.getLogicalId(resource as CfnElement)}.Outputs.${Names.nodeUniqueId(element.node)}${attribute}`.replace(/[^A-Za-z0-9.]/g, '');
}

/**
 * The id of `producer`'s stack as a token that resolves, in `consumer`'s stack, to what cdk-nag
 * reads there: `{"Ref":"AWS::StackId"}` in the same stack, the parameter CDK passes it through in a
 * nested stack.
 */
export function stackIdAsSeenFrom(consumer: IConstruct, producer: Stack): string {
  return Stack.of(consumer) === producer ? Aws.STACK_ID : Fn.ref(parentParameter(consumer, producer, 'AWS::StackId'));
}

/**
 * The parameter through which a nested stack reads a value of its parent: CDK names it after the
 * construct referred to and the attribute (`reference-to-<unique id><attribute>`, aws-cdk-lib's
 * core/lib/private/refs.ts), without its non-alphanumeric characters. Reproduced here because
 * acknowledgements are written before CDK makes the parameter; tests/infra/cdk-nag.test.ts fails
 * if CDK ever names it otherwise.
 */
function parentParameter(consumer: IConstruct, target: IConstruct, attribute: string): string {
  const from = Stack.of(consumer);
  if (from.nestedStackParent !== Stack.of(target)) {
    throw new Error(`${consumer.node.path} reads ${target.node.path} from neither its own stack nor its parent`);
  }
  return `reference-to-${Names.nodeUniqueId(target.node)}${attribute}`.replace(/[^A-Za-z0-9]/g, '');
}
