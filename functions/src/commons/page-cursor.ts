/**
 * Paged lists read through an index (newest first) with opaque cursors. A cursor is the base64url
 * of the list's name and the position of the last item shown (its date and id): never a raw
 * DynamoDB key. Decoding checks it strictly (the list it came from, an ISO date, an id) and
 * rebuilds the ExclusiveStartKey itself, always in the list's own partition: a forged or damaged
 * cursor gets a French 400, never a DynamoDB error (5xx) nor a read of another partition.
 */
import * as z from 'zod/mini';
import { messages } from '#shared/messages';
import { ValidationError } from './errors.js';

/** Items per page of the admin's lists (transactions, users, disputes). */
export const ADMIN_LIST_PAGE_SIZE = 50;

/** One paged list: which index and partition it reads, and the table key of an item from its id. */
export interface IndexList {
  /** Written into the cursor: a cursor of one list is refused by another. */
  name: string;
  index: 'gsi1' | 'gsi2';
  partition: string;
  tableKey: (id: string) => { pk: string; sk: string };
}

export interface Position {
  /** The date the index sorts on (`<at>#<id>` is the index's sort key). */
  at: string;
  id: string;
}

const positionSchema = z.strictObject({
  l: z.string(),
  at: z.iso.datetime(),
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
});

export function encodeCursor(list: IndexList, position: Position | undefined): string | null {
  if (!position) return null;
  return Buffer.from(JSON.stringify({ l: list.name, at: position.at, id: position.id }), 'utf8').toString('base64url');
}

/** The ExclusiveStartKey a cursor stands for; undefined for the first page. */
export function decodeCursor(list: IndexList, cursor: string | undefined): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = z.safeParse(positionSchema, decoded);
  if (!parsed.success || parsed.data.l !== list.name) throw invalidCursor();
  const { at, id } = parsed.data;
  return { ...list.tableKey(id), [`${list.index}pk`]: list.partition, [`${list.index}sk`]: `${at}#${id}` };
}

function invalidCursor(): ValidationError {
  return new ValidationError(messages.admin.invalidCursor, [{ path: 'query.cursor', message: messages.admin.invalidCursor }]);
}

/**
 * Reads one page: asks for one item more than the page, so that the last page is known to be the
 * last (no cursor leading to an empty page).
 */
export async function readPage<T>(
  list: IndexList,
  cursor: string | undefined,
  size: number,
  query: (exclusiveStartKey: Record<string, string> | undefined, limit: number) => Promise<T[]>,
  positionOf: (item: T) => Position,
): Promise<{ items: T[]; next_cursor: string | null }> {
  const items = await query(decodeCursor(list, cursor), size + 1);
  const page = items.slice(0, size);
  return { items: page, next_cursor: items.length > size ? encodeCursor(list, positionOf(page[page.length - 1]!)) : null };
}
