/**
 * Write capacity consumed by the money code, from the ConsumedCapacity DynamoDB returns
 * (ReturnConsumedCapacity INDEXES on every write: the table's part and each index's): logged per
 * operation, and summed per container — in total and per operation and item — so the benchmark can
 * report write units per completed booking and what they pay for.
 */
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { logger } from '#commons/logger';

/** What one operation (a transition, a token, a booking…) consumed so far: calls, the table's units, each index's. */
export interface OperationCapacity {
  calls: number;
  units: number;
  table: number;
  indexes: Record<string, number>;
}

let writeUnits = 0;
const byOperation = new Map<string, OperationCapacity>();

export function recordWriteCapacity(operation: string, consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): void {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  const entry = byOperation.get(operation) ?? { calls: 0, units: 0, table: 0, indexes: {} };
  entry.calls++;
  let units = 0;
  for (const capacity of list) {
    const total = capacity.WriteCapacityUnits ?? capacity.CapacityUnits ?? 0;
    units += total;
    const indexes = Object.entries(capacity.GlobalSecondaryIndexes ?? {}).map(([name, part]) => [name, part.WriteCapacityUnits ?? part.CapacityUnits ?? 0] as const);
    const onIndexes = indexes.reduce((sum, [, part]) => sum + part, 0);
    entry.table += capacity.Table ? (capacity.Table.WriteCapacityUnits ?? capacity.Table.CapacityUnits ?? 0) : total - onIndexes;
    for (const [name, part] of indexes) entry.indexes[name] = (entry.indexes[name] ?? 0) + part;
  }
  entry.units += units;
  byOperation.set(operation, entry);
  writeUnits += units;
  logger.debug('DynamoDB write capacity', { operation, writeUnits: units });
}

/** Total write units consumed by this container's money writes so far. */
export function consumedWriteUnits(): number {
  return writeUnits;
}

/** A copy of the units consumed so far per operation (the benchmark subtracts two of them). */
export function writeCapacityByOperation(): Map<string, OperationCapacity> {
  return new Map([...byOperation].map(([name, entry]) => [name, { ...entry, indexes: { ...entry.indexes } }]));
}
