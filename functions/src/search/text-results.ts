/**
 * Full-text results of recent queries (positions and scores, unordered), until the catalogue
 * changes: parents type the same few subjects, and the text part of a search is its costly part.
 * Bounded by the number of positions held, not of queries.
 */
import type { TextHits } from './text-index.js';

export class TextResultCache {
  private readonly entries = new Map<string, TextHits>();
  private held = 0;
  /** How many searches were answered from the cache (the benchmark reports it). */
  hits = 0;
  constructor(private readonly maxPositions: number) {}

  get(key: string) {
    const entry = this.entries.get(key);
    if (entry) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, entry); // most recently used last
    }
    return entry;
  }

  set(key: string, entry: TextHits): void {
    if (entry.positions.length > this.maxPositions) return;
    this.entries.set(key, entry);
    this.held += entry.positions.length;
    for (const [oldest, old] of this.entries) {
      if (this.held <= this.maxPositions) break;
      this.entries.delete(oldest);
      this.held -= old.positions.length;
    }
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }
}
