/**
 * The relevance set of the tutor search (issue 33, point 5; tests/unit/search-relevance-queries.ts)
 * as figures: hit@1 (a fitting tutor first), hit@3 (one in the first three), precision@3 (the share
 * of the first three that fit, out of min(3, tutors that fit)), over the whole set and per kind of
 * query, on the real CatalogueIndex; then each query that missed with what came first instead.
 * The set is small and fixed: a smoke run runs all of it. Prints figures; asserts nothing.
 */
import { CatalogueIndex } from '../../functions/src/search/catalogue-index.js';
import {
  judgeRelevance,
  RELEVANCE_GROUPS,
  relevanceCatalogue,
  relevanceFigures,
  relevanceLine,
  TOP,
} from '../unit/search-relevance-queries.js';

export async function benchRelevance(): Promise<void> {
  const tutors = relevanceCatalogue();
  const index = new CatalogueIndex(tutors);
  const outcomes = judgeRelevance(tutors, (filters) => index.search(filters, { offset: 0, limit: TOP }).tutors);
  console.log('## Tutor search relevance (seed catalogue, sorted by relevance)');
  console.log(`  ${relevanceLine(outcomes, tutors.length)}`);
  for (const group of RELEVANCE_GROUPS) {
    const figures = relevanceFigures(outcomes.filter((outcome) => outcome.group === group));
    console.log(
      `    ${group.padEnd(17)} ${String(figures.queries).padStart(3)} queries   hit@1 ${figures.hit1.toFixed(2)}   hit@3 ${figures.hit3.toFixed(2)}   precision@3 ${figures.precision3.toFixed(2)}`,
    );
  }
  const misses = outcomes.filter((outcome) => !outcome.hit1 || !outcome.hit3);
  if (misses.length) console.log('  misses (✗ not in the top 3, · not first), what came first instead:');
  for (const miss of misses) {
    console.log(`    ${miss.hit3 ? '·' : '✗'} '${miss.query}' (${miss.group}, ${miss.fitting} fit): ${miss.top.join(', ') || 'no result'}`);
  }
}
