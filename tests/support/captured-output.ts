/**
 * What the process writes to stdout and stderr (the Powertools logger and metrics write there),
 * captured instead of printed, for the tests that read the structured lines.
 */
import { vi } from 'vitest';

/** Appends every chunk written to stdout or stderr to `written`, until `vi.restoreAllMocks()`. */
export function captureOutput(written: string[]): void {
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  }
}

/** The JSON lines (structured logs, metrics) among what was written, in order. */
export function jsonLines(written: string[]): Array<Record<string, any>> {
  return written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
}
