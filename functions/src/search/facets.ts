/**
 * The structural filters of a search (zone, subject, level, rate) over typed arrays, one slot per
 * catalogue position: a filter compiles once into a test of a few array reads, instead of walking
 * each tutor's lists. It answers exactly as `matchesFilters` of shared/src/search.ts (the unit
 * tests compare them on every filter combination).
 */
import { LEVELS, RATE_MAX, RATE_MIN, SUBJECTS, ZONES } from '#shared/constants';
import { matchesFilters, type SearchFilters, type TutorSummary } from '#shared/search';
import { isListedPublicly } from '#shared/visitors';

type Filters = Pick<SearchFilters, 'location' | 'subject' | 'level' | 'minRate' | 'maxRate'>;

const ZONE_CODE = new Map<string, number>(ZONES.map((zone, i) => [zone, i + 1]));
const SUBJECT_BIT = new Map<string, number>(SUBJECTS.map((subject, i) => [subject, 1 << i]));
const LEVEL_BIT = new Map<string, number>(LEVELS.map((level, i) => [level, 1 << i]));
const NO_RATE = -1;

const bits = (values: readonly string[], of: Map<string, number>) => values.reduce((mask, value) => mask | (of.get(value) ?? 0), 0);

/** The facets as stored in a prepared base (base version 4): one slot per position. */
export interface FacetColumns {
  zone: Uint8Array;
  subjects: Uint16Array;
  levels: Uint8Array;
  rate: Int32Array;
  verified: Uint8Array;
  visible: Uint8Array;
  /** The positions of tutors outside the lists. */
  unusual: Uint32Array;
}

export class CatalogueFacets {
  private zone = new Uint8Array(0);
  private subjects = new Uint16Array(0);
  private levels = new Uint8Array(0);
  private rate = new Int32Array(0);
  /** A tutor with a zone, subject or level outside the lists: tested the slow way. */
  private readonly unusual = new Set<number>();
  private verified = new Uint8Array(0);
  /** Listed for visitors (issue 17): verified, not hidden by the tutor. */
  private visible = new Uint8Array(0);

  /** Slot `position` holds this tutor from now on (null: the slot is empty). */
  set(position: number, tutor: TutorSummary | null): void {
    this.reserve(position + 1);
    this.zone[position] = tutor?.location ? (ZONE_CODE.get(tutor.location) ?? 0) : 0;
    this.subjects[position] = tutor ? bits(tutor.subjects, SUBJECT_BIT) : 0;
    this.levels[position] = tutor ? bits(tutor.levels, LEVEL_BIT) : 0;
    this.rate[position] = tutor?.hourly_rate ?? NO_RATE;
    this.verified[position] = tutor?.is_verified ? 1 : 0;
    this.visible[position] = tutor && isListedPublicly(tutor) ? 1 : 0;
    const unusual =
      tutor !== null &&
      ((tutor.location !== null && !ZONE_CODE.has(tutor.location)) ||
        tutor.subjects.some((subject) => !SUBJECT_BIT.has(subject)) ||
        tutor.levels.some((level) => !LEVEL_BIT.has(level)));
    if (unusual) this.unusual.add(position);
    else this.unusual.delete(position);
  }

  /** The first `size` slots, as a prepared base stores them. */
  columns(size: number): FacetColumns {
    this.reserve(size);
    return {
      zone: this.zone.slice(0, size),
      subjects: this.subjects.slice(0, size),
      levels: this.levels.slice(0, size),
      rate: this.rate.slice(0, size),
      verified: this.verified.slice(0, size),
      visible: this.visible.slice(0, size),
      unusual: Uint32Array.from(this.unusual),
    };
  }

  /** The facets a prepared base stored: no tutor read (a container parses a tutor only when shown). */
  static fromColumns(columns: FacetColumns): CatalogueFacets {
    const facets = new CatalogueFacets();
    Object.assign(facets, {
      zone: columns.zone,
      subjects: columns.subjects,
      levels: columns.levels,
      rate: columns.rate,
      verified: columns.verified,
      visible: columns.visible,
    });
    for (const position of columns.unusual) facets.unusual.add(position);
    return facets;
  }

  /** Listed for visitors (verified, not hidden by the tutor). */
  isVisible(position: number): boolean {
    return this.visible[position] === 1;
  }

  isVerified(position: number): boolean {
    return this.verified[position] === 1;
  }

  /** The hourly rate at a position (null when none). */
  rateAt(position: number): number | null {
    const rate = this.rate[position]!;
    return rate === NO_RATE ? null : rate;
  }

  /**
   * A test of a position against the filters; `tutorAt` serves the tutors outside the lists. For
   * visitors, only the tutors listed publicly pass.
   */
  compile(filters: Filters, tutorAt: (position: number) => TutorSummary | null, visitorsOnly = false): (position: number) => boolean {
    const test = this.compileFilters(filters, tutorAt);
    if (!visitorsOnly) return test;
    return (position) => this.visible[position] === 1 && test(position);
  }

  private compileFilters(filters: Filters, tutorAt: (position: number) => TutorSummary | null): (position: number) => boolean {
    const zone = filters.location ? (ZONE_CODE.get(filters.location) ?? -1) : 0;
    const subject = filters.subject ? (SUBJECT_BIT.get(filters.subject) ?? -1) : 0;
    const level = filters.level ? (LEVEL_BIT.get(filters.level) ?? -1) : 0;
    const min = filters.minRate > RATE_MIN ? filters.minRate : null;
    const max = filters.maxRate < RATE_MAX ? filters.maxRate : null;
    if (zone === -1 || subject === -1 || level === -1 || this.unusual.size) {
      // A filter value outside the lists, or such a tutor: the shared rule itself, tutor by tutor.
      return (position) => {
        const tutor = tutorAt(position);
        return tutor !== null && matchesFilters(tutor, filters);
      };
    }
    return (position) => {
      if (zone && this.zone[position] !== zone) return false;
      if (subject && !(this.subjects[position]! & subject)) return false;
      if (level && !(this.levels[position]! & level)) return false;
      const rate = this.rate[position]!;
      if (min !== null && (rate === NO_RATE || rate < min)) return false;
      if (max !== null && (rate === NO_RATE || rate > max)) return false;
      return true;
    };
  }

  private reserve(length: number): void {
    if (length <= this.zone.length) return;
    const capacity = Math.max(length, this.zone.length * 2, 64);
    const grow = <A extends Uint8Array | Uint16Array | Int32Array>(array: A, make: (n: number) => A): A => {
      const next = make(capacity);
      next.set(array);
      return next;
    };
    this.zone = grow(this.zone, (n) => new Uint8Array(n));
    this.subjects = grow(this.subjects, (n) => new Uint16Array(n));
    this.levels = grow(this.levels, (n) => new Uint8Array(n));
    this.rate = grow(this.rate, (n) => new Int32Array(n));
    this.verified = grow(this.verified, (n) => new Uint8Array(n));
    this.visible = grow(this.visible, (n) => new Uint8Array(n));
  }
}
