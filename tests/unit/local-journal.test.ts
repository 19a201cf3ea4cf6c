/** The local engines' journal (infra/local/journal.ts): what a crash can leave on disk, and what a start makes of it. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal, replayJournal } from '../../infra/local/journal.js';

interface Row {
  key: string;
  value: number;
}
const keyOf = (row: Row) => row.key;
const line = (row: Row) => `${JSON.stringify(row)}\n`;

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});
/** What the next start finds (and leaves the journal closed). */
function recordsAt(file: string): Row[] {
  const journal = openJournal(file, keyOf);
  journal.close();
  return journal.records;
}

function journalFile(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'kalan-journal-'));
  directories.push(directory);
  return path.join(directory, 'journal.jsonl');
}

describe('replaying a journal', () => {
  it('keeps the last state of each key, in the order keys first appeared', () => {
    const text = line({ key: 'a', value: 1 }) + line({ key: 'b', value: 1 }) + line({ key: 'a', value: 2 });
    expect(replayJournal(text, keyOf)).toEqual([
      { key: 'a', value: 2 },
      { key: 'b', value: 1 },
    ]);
  });

  it('ignores a last line torn by a crash, keeping the state before it', () => {
    const torn = line({ key: 'a', value: 1 }) + line({ key: 'a', value: 2 }).slice(0, 12);
    expect(replayJournal(torn, keyOf)).toEqual([{ key: 'a', value: 1 }]);
  });

  it('refuses a damaged line that is not the last one, rather than lose records silently', () => {
    const damaged = line({ key: 'a', value: 1 }) + '{"key":"b",\n' + line({ key: 'c', value: 1 });
    expect(() => replayJournal(damaged, keyOf)).toThrow(/ligne 2/);
  });
});

describe('opening a journal', () => {
  it('finds what was appended before, once per key, after a restart', () => {
    const file = journalFile();
    const first = openJournal(file, keyOf);
    first.append({ key: 'a', value: 1 });
    first.append({ key: 'a', value: 2 });
    first.append({ key: 'b', value: 7 });
    first.close();
    expect(recordsAt(file)).toEqual([
      { key: 'a', value: 2 },
      { key: 'b', value: 7 },
    ]);
  });

  it('starts after a torn last line, and appends after it are read at the next start', () => {
    const file = journalFile();
    writeFileSync(file, line({ key: 'a', value: 1 }) + '{"key":"a","val');
    const restarted = openJournal(file, keyOf);
    expect(restarted.records).toEqual([{ key: 'a', value: 1 }]);
    // Compacted at start: the next append does not land on the torn bytes.
    restarted.append({ key: 'b', value: 2 });
    restarted.close();
    expect(readFileSync(file, 'utf8')).toBe(line({ key: 'a', value: 1 }) + line({ key: 'b', value: 2 }));
    expect(recordsAt(file)).toEqual([
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
    ]);
  });

  it('ignores appends after close (a stopping stack)', () => {
    const file = journalFile();
    const journal = openJournal(file, keyOf);
    journal.close();
    journal.append({ key: 'a', value: 1 });
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
