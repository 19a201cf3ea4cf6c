/**
 * Write capacity consumed by the money code, from the ConsumedCapacity DynamoDB returns
 * (ReturnConsumedCapacity TOTAL on every write): logged per operation, and summed per container
 * so the benchmark can report write units per completed booking.
 */
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { logger } from '#commons/logger';

let writeUnits = 0;

export function recordWriteCapacity(operation: string, consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): void {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  const units = list.reduce((sum, entry) => sum + (entry.WriteCapacityUnits ?? entry.CapacityUnits ?? 0), 0);
  writeUnits += units;
  logger.debug('DynamoDB write capacity', { operation, writeUnits: units });
}

/** Total write units consumed by this container's money writes so far. */
export function consumedWriteUnits(): number {
  return writeUnits;
}
