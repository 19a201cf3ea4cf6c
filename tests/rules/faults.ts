/**
 * Failures the real engines never produce on demand, injected at the AWS SDK boundary of the
 * handlers running in this test process: DynamoDB `TransactionConflict` cancellations (DynamoDB
 * Local answers races with ConditionalCheckFailed instead), throttling, or any other error of a
 * chosen command. The engines stay real; only the answer of the next N matching calls changes.
 */
import { DynamoDBServiceException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { HandlerExecutionContext, InitializeHandler, InitializeHandlerArguments, InitializeMiddleware } from '@smithy/types';
import { dynamodb } from '#commons/clients/dynamodb';

export interface DynamoFault {
  /** The SDK command to fail, e.g. 'TransactWriteItemsCommand', 'PutItemCommand', 'UpdateCommand'. */
  command: string;
  /** How many matching calls fail (then the real engine answers again). Default: every one; 0 only records the calls. */
  times?: number;
  /** Only calls whose input this accepts. */
  when?: (input: Record<string, any>) => boolean;
  /** The error thrown instead of calling DynamoDB (a new one per call); not needed when `times` is 0. */
  error?: () => Error;
}

export interface InjectedFault {
  /** Every matching call, failed or passed through: when (Date.now()) and its input. */
  readonly calls: Array<{ at: number; input: Record<string, any> }>;
  /** How many matching calls were failed. */
  readonly failed: number;
  remove(): void;
}

let sequence = 0;

/** Makes matching calls of the handlers' DynamoDB client fail; `remove()` it in a `finally`. */
export function injectDynamoFault(fault: DynamoFault): InjectedFault {
  const name = `kalan-test-fault-${++sequence}`;
  const calls: Array<{ at: number; input: Record<string, any> }> = [];
  let failed = 0;
  const middleware: InitializeMiddleware<any, any> =
    (next: InitializeHandler<any, any>, context: HandlerExecutionContext) =>
      async (args: InitializeHandlerArguments<any>) => {
        const input = (args.input ?? {}) as Record<string, any>;
        const matches = context.commandName === fault.command && (fault.when?.(input) ?? true);
        if (!matches) return next(args);
        calls.push({ at: Date.now(), input });
        if (fault.times !== undefined && failed >= fault.times) return next(args);
        failed += 1;
        throw fault.error?.() ?? new Error('injected DynamoDB failure');
      };
  dynamodb.middlewareStack.add(middleware, { step: 'initialize', name, override: true });
  return {
    calls,
    get failed() {
      return failed;
    },
    remove: () => void dynamodb.middlewareStack.remove(name),
  };
}

/** A TransactWriteItems cancelled by DynamoDB with these reason codes (one per item). */
export function transactionCancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

/** A transient DynamoDB failure that is not a cancellation (throttling). */
export function throttled(): DynamoDBServiceException {
  return new DynamoDBServiceException({
    name: 'ThrottlingException',
    $fault: 'client',
    message: 'Rate of requests exceeds the allowed throughput.',
    $metadata: { httpStatusCode: 400 },
  });
}
