import { NestedStack, Stack } from 'aws-cdk-lib';
import type { Construct, IConstruct } from 'constructs';

/**
 * The stage's top-level stack (`Kalan-<stage>`) of a construct anywhere in it, its nested stacks
 * included: what is one per stage (the functions' log group) and what looks at every function (the
 * grants of infra/lib/permissions.ts' rows) is found from there.
 */
export function rootStackOf(scope: IConstruct): Stack {
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return stack;
}

/**
 * A part of the stage's stack by concern, deployed as a CloudFormation nested stack: one
 * `cdk deploy`, one rollback with its parent, and the values it shares with its parent passed as
 * parameters and outputs, never as exports (docs/decisions.md, "Issue 29: stacks by concern").
 * It holds only what CloudFormation may replace without loss: the data stays in the parent.
 */
export class KalanNestedStack extends NestedStack {
  constructor(scope: Construct, id: string, props: { readonly description: string }) {
    super(scope, id, { description: props.description });
  }
}
