/**
 * Deterministic candidate scoring and its French explanation: the ranking used when Bedrock is
 * off or fails, and the shortlist Bedrock re-ranks.
 */
import { EXPERIENCE_LABELS, type Experience } from '#shared/constants';
import type { PreferenceSummary, RecommendationsRequest } from '#shared/discovery-schemas';
import { atPlace } from '#shared/french';
import { relevanceScore, tutorName, zoneLabel, type TutorSummary } from '#shared/search';

export const RECOMMENDATION_COUNT = 5;
/** How many of the best candidates Bedrock gets to re-rank. */
export const BEDROCK_CANDIDATES = 10;

export interface ScoredCandidate {
  tutor: TutorSummary;
  score: number;
  matched: { subjects: string[]; level: string | null; location: string | null };
}

/** Points by rank in the summary: the first preference counts most. */
const rankPoints = (rank: number, size: number) => (rank < 0 ? 0 : size - rank);

export function scoreCandidate(
  tutor: TutorSummary,
  summary: PreferenceSummary,
  request: RecommendationsRequest,
): ScoredCandidate {
  let score = 0;
  const subjects: string[] = [];
  if (request.subject && tutor.subjects.includes(request.subject)) {
    score += 6;
    subjects.push(request.subject);
  }
  summary.preferredSubjects.forEach((subject, rank) => {
    if (!tutor.subjects.includes(subject)) return;
    score += rankPoints(rank, summary.preferredSubjects.length);
    if (!subjects.includes(subject)) subjects.push(subject);
  });

  let level: string | null = null;
  if (request.level && tutor.levels.includes(request.level)) {
    score += 4;
    level = request.level;
  }
  summary.preferredLevels.forEach((preferred, rank) => {
    if (!tutor.levels.includes(preferred)) return;
    score += rankPoints(rank, summary.preferredLevels.length);
    level ??= preferred;
  });

  let location: string | null = null;
  const wanted = [request.location, ...summary.preferredLocations].filter((zone): zone is string => Boolean(zone));
  if (request.location && tutor.location === request.location) score += 4;
  summary.preferredLocations.forEach((zone, rank) => {
    if (tutor.location === zone) score += rankPoints(rank, summary.preferredLocations.length);
  });
  if (tutor.location && wanted.includes(tutor.location)) location = tutor.location;
  // Remote lessons suit every zone, a little less than a tutor next door.
  else if (tutor.location === 'distance' && wanted.length) {
    score += 1;
    location = 'distance';
  }

  score += relevanceScore(tutor) * 0.5;
  return { tutor, score, matched: { subjects, level, location } };
}

/**
 * Ranks the catalogue for a parent. A subject asked for explicitly is required; favourites
 * already known are left out (unless nothing else is left).
 */
export function rankCandidates(
  tutors: readonly TutorSummary[],
  summary: PreferenceSummary,
  request: RecommendationsRequest,
  favoriteIds: ReadonlySet<string>,
): ScoredCandidate[] {
  const eligible = tutors.filter((tutor) => !request.subject || tutor.subjects.includes(request.subject));
  const fresh = eligible.filter((tutor) => !favoriteIds.has(tutor.id));
  return (fresh.length ? fresh : eligible)
    .map((tutor) => scoreCandidate(tutor, summary, request))
    .sort((a, b) => b.score - a.score || (a.tutor.id < b.tutor.id ? -1 : a.tutor.id > b.tutor.id ? 1 : 0));
}

function joinFrench(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}

/** One French sentence built from the criteria the tutor matched. */
export function explain(candidate: ScoredCandidate): string {
  const { tutor, matched } = candidate;
  const name = tutorName(tutor);
  const qualities: string[] = [];
  if (tutor.is_verified) qualities.push('profil vérifié');
  if (tutor.experience && tutor.experience in EXPERIENCE_LABELS) {
    const label = EXPERIENCE_LABELS[tutor.experience as Experience];
    qualities.push(tutor.experience === 'debutant' ? 'répétiteur débutant' : `${label.toLowerCase()} d'expérience`);
  }
  const where =
    matched.location === 'distance' ? 'en cours à distance' : matched.location ? atPlace(zoneLabel(matched.location)!) : '';
  const fit = [
    matched.subjects.length ? `enseigne ${joinFrench(matched.subjects)}` : '',
    matched.level ? `au niveau ${matched.level}` : '',
    where,
  ].filter(Boolean);
  const tail = qualities.length ? ` ; ${joinFrench(qualities)}` : '';
  if (fit.length) {
    const verb = matched.subjects.length ? '' : 'intervient ';
    return `${name} ${verb}${fit.join(' ')}, ce qui correspond à vos recherches${tail}.`;
  }
  return `${name} fait partie des répétiteurs les mieux classés${tail}.`;
}
