/**
 * Failures the real engines never produce on demand, injected at the AWS SDK boundary of the
 * handlers running in this test process: DynamoDB `TransactionConflict` cancellations (DynamoDB
 * Local answers races with ConditionalCheckFailed instead), throttling, or any other error of a
 * chosen command. The engines stay real; only the answer of the next N matching calls changes —
 * or, with `holdDynamoAnswer`, when the handler gets it.
 */
import { DynamoDBServiceException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { HandlerExecutionContext, InitializeHandler, InitializeHandlerArguments, InitializeMiddleware } from '@smithy/types';
import { dynamodb } from '#commons/clients/dynamodb';
import { txPartitionKey } from './harness.js';

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

let holds = 0;

/**
 * Lets the first matching call of the handlers' DynamoDB client reach the real engine, then holds
 * its answer back until `release()`: the handler stays just after that read or write, as when a
 * Lambda is slowed down, while the test changes the table or lets other requests run. `answered`
 * resolves once the engine has answered. `remove()` it in a `finally`.
 */
export function holdDynamoAnswer(command: string, when: (input: Record<string, any>) => boolean) {
  const name = `kalan-test-hold-${++holds}`;
  let armed = true;
  let reached!: () => void;
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const middleware: InitializeMiddleware<any, any> =
    (next: InitializeHandler<any, any>, context: HandlerExecutionContext) =>
      async (args: InitializeHandlerArguments<any>) => {
        const input = (args.input ?? {}) as Record<string, any>;
        if (!armed || context.commandName !== command || !when(input)) return next(args);
        armed = false;
        const result = await next(args);
        reached();
        await released;
        return result;
      };
  dynamodb.middlewareStack.add(middleware, { step: 'initialize', name, override: true });
  return { answered, release, remove: () => void dynamodb.middlewareStack.remove(name) };
}

/** A key attribute of a call's input, marshalled (`{ S: '…' }`) or not. */
export function attr(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return (value as { S?: string } | undefined)?.S;
}

/** A GetItem of this item of a transaction's partition (`TRANSACTION`, `DISPUTE`…). */
export const readsItem = (transactionId: string, sk: string) => (input: Record<string, any>) =>
  attr(input.Key?.pk) === txPartitionKey(transactionId) && attr(input.Key?.sk) === sk;
