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
