/**
 * A small durable store for a local engine written in this repository (the Paystack sandbox):
 * an append-only journal of JSON lines, each line the whole new state of one record, so the last
 * line of a key is that record's state. Every append is fsync'd before the caller goes on, so what
 * an engine has answered survives a SIGKILL of the stack.
 *
 * At start the journal is replayed and rewritten compacted (temp file, fsync, rename): a restart
 * reads one line per record, and the next appends never follow a line a crash tore half-way.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Journal<T> {
  /** The records found at start: the last state of each key, in the order keys first appeared. */
  readonly records: T[];
  /** Writes a record's new state; returns once it is on disk. */
  append(record: T): void;
  close(): void;
}

const lineOf = (record: unknown) => `${JSON.stringify(record)}\n`;

/**
 * The last record of each key in a journal's text. Only the last line can be torn (a crash
 * during the last append): it is dropped. A damaged line before it is not a crash's doing, and
 * stops the start rather than losing records silently.
 */
export function replayJournal<T>(text: string, keyOf: (record: T) => string): T[] {
  const lines = text.split('\n');
  const byKey = new Map<string, T>();
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let record: T;
    try {
      record = JSON.parse(line) as T;
    } catch (error) {
      if (index === lines.length - 1) return;
      throw new Error(`Journal illisible, ligne ${index + 1} (npm run reset pour repartir de zéro) : ${(error as Error).message}`);
    }
    byKey.set(keyOf(record), record);
  });
  return [...byKey.values()];
}

/** Replaces `file` in one step: a crash leaves the old content or the new one, never a mix. */
export function writeFileAtomically(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  syncDirectory(path.dirname(file));
}

/** A rename is durable once its directory is synced. */
function syncDirectory(directory: string): void {
  const fd = openSync(directory, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function openJournal<T>(file: string, keyOf: (record: T) => string): Journal<T> {
  const records = existsSync(file) ? replayJournal(readFileSync(file, 'utf8'), keyOf) : [];
  writeFileAtomically(file, records.map(lineOf).join(''));
  const fd = openSync(file, 'a');
  let open = true;
  return {
    records,
    append(record) {
      // A change after close belongs to a stopping stack: lost, as a crash would lose it (and the
      // descriptor may already name another file).
      if (!open) return;
      writeFileSync(fd, lineOf(record));
      fsyncSync(fd);
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/** For a stack whose data lives in memory (the tests' shared stack): nothing is written. */
export function memoryJournal<T>(): Journal<T> {
  return { records: [], append() {}, close() {} };
}
