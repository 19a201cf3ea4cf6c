/**
 * Relevance of the tutor search on the local seed catalogue: every query of the relevance set,
 * typed as parents type them, must bring a right tutor into the first three results.
 */
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../functions/src/search/catalogue-index.js';
import { isWanted, judgeRelevance, RELEVANCE_CASES, seedCatalogue } from './search-relevance-queries.js';

const catalogue = seedCatalogue();
const index = new CatalogueIndex(catalogue);
const outcomes = judgeRelevance(catalogue, (filters) => index.search(filters, { offset: 0, limit: 3 }).tutors);

describe('the relevance set', () => {
  it('has at least 40 queries, each with right tutors in the catalogue but not every tutor', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(RELEVANCE_CASES.map((c) => c.query)).size).toBe(RELEVANCE_CASES.length);
    for (const { query, want } of RELEVANCE_CASES) {
      const right = catalogue.filter((tutor) => isWanted(tutor, want)).length;
      expect(right, query).toBeGreaterThan(0);
      expect(right, query).toBeLessThan(catalogue.length / 2);
    }
  });
});

describe('search relevance for queries typed as parents type them', () => {
  it.each(outcomes.map((outcome) => [outcome.query, outcome] as const))(
    "'%s' brings a right tutor into the top 3",
    (_query, outcome) => {
      expect(outcome.hit, `top 3: ${outcome.top.join(', ') || 'nothing'} — right: ${outcome.acceptable.join(', ')}`).toBe(
        true,
      );
    },
  );
});
