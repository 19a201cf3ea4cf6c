/**
 * The filters of a search once its text is understood: the zone and level read in the text are
 * added to the filters chosen in the form (a filter chosen in the form wins). If they leave no
 * tutor, they are let go one after the other — the level first (a tutor of the subject nearby
 * is the better fallback), then the zone, then both — rather than answer 'Aucun résultat trouvé'
 * to 'anglais yopougon'. Filters chosen in the form are never let go.
 */
import type { QueryUnderstanding, SearchFilters } from '#shared/search';
import type { UnderstoodQuery } from './understand-query.js';

export interface SearchAttempt {
  filters: SearchFilters;
  understanding: QueryUnderstanding;
}

type Relaxable = QueryUnderstanding['relaxed'][number];

/** The attempts in order: the first that finds tutors is the answer (the last one otherwise). */
export function searchAttempts(filters: SearchFilters, understood: UnderstoodQuery): SearchAttempt[] {
  const location = filters.location ? null : understood.location;
  const level = filters.level ? null : understood.level;
  const subjects = [...new Set(understood.subjects.flat())];
  const attempt = (relaxed: Relaxable[]): SearchAttempt => ({
    filters: {
      ...filters,
      location: location && !relaxed.includes('location') ? location : filters.location,
      level: level && !relaxed.includes('level') ? level : filters.level,
    },
    understanding: { location, level, subjects, relaxed },
  });
  const relaxations: Relaxable[][] = [[]];
  if (level) relaxations.push(['level']);
  if (location) relaxations.push(['location']);
  if (level && location) relaxations.push(['level', 'location']);
  return relaxations.map(attempt);
}
