/**
 * The filters of a search once its text is understood: the zone, level and rate bounds read in
 * the text are added to the filters chosen in the form (a filter chosen in the form wins). If
 * they leave no tutor, they are let go one after the other — the level first (a tutor of the
 * subject nearby is the better fallback), then the rate, then the zone, then all of them — rather
 * than answer 'Aucun résultat trouvé' to 'anglais yopougon'. Then the free words (names, words no
 * vocabulary knows) are let go too, with every filter back (issue 33: never an empty answer when
 * tutors fit the rest). Filters chosen in the form and subjects named are never let go.
 *
 * Words that match nothing at all in the index (`unmatched`) are dropped from the first attempt on,
 * unless nothing else was understood: a text of nothing but unknown words answers nothing.
 */
import { RATE_MAX, RATE_MIN } from '#shared/constants';
import type { QueryUnderstanding, RelaxedFilter, SearchFilters } from '#shared/search';
import type { UnderstoodQuery } from './understand-query.js';

export interface SearchAttempt {
  filters: SearchFilters;
  /** The free words the text search requires (folded). */
  words: string[];
  understanding: QueryUnderstanding;
}

/** The attempts in order: the first that finds tutors is the answer (the last one otherwise). */
export function searchAttempts(filters: SearchFilters, understood: UnderstoodQuery, unmatched: readonly string[] = []): SearchAttempt[] {
  const location = filters.location ? null : understood.location;
  const level = filters.level ? null : understood.level;
  const formRate = filters.minRate !== RATE_MIN || filters.maxRate !== RATE_MAX;
  const minRate = formRate ? null : understood.minRate;
  const maxRate = formRate ? null : understood.maxRate;
  const subjects = [...new Set(understood.subjects.flat())];
  const matched = understood.words.filter((word) => !unmatched.includes(word));
  const somethingElse = subjects.length > 0 || location !== null || level !== null || minRate !== null || maxRate !== null || matched.length > 0;
  // Nothing but unknown words: they stay, and find nobody.
  const words = somethingElse ? matched : understood.words;
  const dropped = somethingElse ? understood.words.filter((word) => unmatched.includes(word)) : [];

  const attempt = (relaxed: RelaxedFilter[], kept: number): SearchAttempt => ({
    filters: {
      ...filters,
      location: location && !relaxed.includes('location') ? location : filters.location,
      level: level && !relaxed.includes('level') ? level : filters.level,
      minRate: minRate !== null && !relaxed.includes('rate') ? minRate : filters.minRate,
      maxRate: maxRate !== null && !relaxed.includes('rate') ? maxRate : filters.maxRate,
    },
    words: words.slice(0, kept),
    understanding: {
      location,
      level,
      subjects,
      min_rate: minRate,
      max_rate: maxRate,
      relaxed,
      words: words.slice(0, kept),
      dropped: [...dropped, ...words.slice(kept)],
      chips: understood.chips,
    },
  });
  const relaxable: RelaxedFilter[] = [
    ...(level ? (['level'] as const) : []),
    ...(minRate !== null || maxRate !== null ? (['rate'] as const) : []),
    ...(location ? (['location'] as const) : []),
  ];
  const relaxations: RelaxedFilter[][] = [[], ...relaxable.map((filter) => [filter])];
  if (relaxable.length > 1) relaxations.push(relaxable);
  const attempts = relaxations.map((relaxed) => attempt(relaxed, words.length));
  if (!somethingElse) return attempts;
  // Then the free words, the last first ('kouassi traore': Kouassi alone), every filter back on.
  for (let kept = words.length - 1; kept >= 0; kept -= 1) attempts.push(attempt([], kept));
  if (words.length && relaxable.length) attempts.push(attempt(relaxable, 0));
  return attempts;
}
