/**
 * How many typos a searched word may carry: none under 5 letters (too many false hits), one from
 * 5 letters, two from 8 ('mathematqiues', 'philosphie'). The same budget serves the full-text
 * index and the recognition of subject, level and zone words.
 */
export const ONE_TYPO_FROM = 5;
export const TWO_TYPOS_FROM = 8;

export function typoBudget(word: string): number {
  if (word.length >= TWO_TYPOS_FROM) return 2;
  if (word.length >= ONE_TYPO_FROM) return 1;
  return 0;
}

/**
 * Whether `typed` is at most `max` edits away from `known`: insertions, deletions, substitutions
 * and swaps of two neighbouring letters ('mathematqiues' is one swap from 'mathematiques').
 * Optimal string alignment distance, stopped as soon as a row exceeds `max`.
 */
export function withinEdits(typed: string, known: string, max: number): boolean {
  if (Math.abs(typed.length - known.length) > max) return false;
  if (typed === known) return true;
  if (max === 0) return false;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: known.length + 1 }, (_, j) => j);
  for (let i = 1; i <= typed.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= known.length; j += 1) {
      const cost = typed[i - 1] === known[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && typed[i - 1] === known[j - 2] && typed[i - 2] === known[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2]! + 1);
      }
      current.push(distance);
      rowMin = Math.min(rowMin, distance);
    }
    if (rowMin > max) return false;
    beforePrevious = previous;
    previous = current;
  }
  return previous[known.length]! <= max;
}
