import { describe, expect, it } from 'vitest';
import { typoBudget, withinEdits } from '../../functions/src/search/typo-tolerance.js';

describe('typo budget', () => {
  it('allows no typo under 5 letters, one in words of 5 or 6 letters, two from 7', () => {
    expect(['svt', 'bac', 'math'].map(typoBudget)).toEqual([0, 0, 0]);
    expect(['maths', 'chimie'].map(typoBudget)).toEqual([1, 1]);
    expect(['anglais', 'physique', 'mathematiques'].map(typoBudget)).toEqual([2, 2, 2]);
  });
});

describe('edit distance within a budget', () => {
  it('counts a substitution, an insertion, a deletion and a swap of neighbours as one edit each', () => {
    expect(withinEdits('phisique', 'physique', 1)).toBe(true);
    expect(withinEdits('anglaais', 'anglais', 1)).toBe(true);
    expect(withinEdits('allmand', 'allemand', 1)).toBe(true);
    expect(withinEdits('mathematqiues', 'mathematiques', 1)).toBe(true);
  });

  it('refuses words further away than the budget', () => {
    expect(withinEdits('phisiqe', 'physique', 1)).toBe(false);
    expect(withinEdits('phisiqe', 'physique', 2)).toBe(true);
    expect(withinEdits('philosphie', 'philosophie', 0)).toBe(false);
    expect(withinEdits('cocody', 'abobo', 2)).toBe(false);
  });

  it('accepts the word itself with no budget at all', () => {
    expect(withinEdits('bac', 'bac', 0)).toBe(true);
  });

  it('refuses at once words whose lengths differ by more than the budget', () => {
    expect(withinEdits('eco', 'ecole', 1)).toBe(false);
    expect(withinEdits('info', 'informatique', 2)).toBe(false);
  });
});
