/** One page of an entity's items in a paged list's index partition, newest first (commons/page-cursor.ts). */
import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { kalanTable } from './db.js';
import { readPage, type IndexList, type Position } from './page-cursor.js';

export function readIndexPage<E extends Entity>(
  entity: E,
  list: IndexList,
  cursor: string | undefined,
  size: number,
  positionOf: (item: FormattedItem<E>) => Position,
): Promise<{ items: FormattedItem<E>[]; next_cursor: string | null }> {
  return readPage(
    list,
    cursor,
    size,
    async (exclusiveStartKey, limit) => {
      const { Items = [] } = await kalanTable
        .build(QueryCommand)
        .entities(entity)
        .query({ index: list.index, partition: list.partition })
        .options({ reverse: true, exclusiveStartKey, limit })
        .send();
      return Items;
    },
    positionOf,
  );
}
