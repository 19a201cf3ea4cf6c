/** Names the search infrastructure shares with CDK and the local stack (no imports: cheap to load). */

/** Everything of the catalogue in the search bucket lives under this prefix. */
export const CATALOGUE_PREFIX = 'catalogue/';

/**
 * The small object every search container checks (by ETag): which prepared base to load, and the
 * tutors changed since. The indexer rewrites it on each change; the bases only on a rebuild or a
 * compaction.
 */
export const JOURNAL_KEY = `${CATALOGUE_PREFIX}journal.json.gz`;

/** Prepared bases (the tutors, the full-text index and the sort orders), immutable, one per build. */
export const BASE_PREFIX = `${CATALOGUE_PREFIX}bases/`;
export const baseKey = (id: string) => `${BASE_PREFIX}${id}.json.gz`;

/** Sort keys of the items the catalogue is made of. */
export const CATALOGUE_SORT_KEYS = ['PROFILE', 'TUTOR_PROFILE'] as const;

/**
 * The stream records that reach the indexer (Lambda event filtering, and the same patterns in the
 * local stack): a tutor profile's, and a profile's when it is (or was) a tutor's — their names and
 * their verification (KYC). A parent's or a company's edits never wake it.
 */
export const INDEXER_EVENT_PATTERNS = [
  { dynamodb: { Keys: { sk: { S: ['TUTOR_PROFILE'] } } } },
  { dynamodb: { Keys: { sk: { S: ['PROFILE'] } }, NewImage: { role: { S: ['tuteur'] } } } },
  { dynamodb: { Keys: { sk: { S: ['PROFILE'] } }, OldImage: { role: { S: ['tuteur'] } } } },
] as const;
