/** Names the search infrastructure shares with CDK and the local stack (no imports: cheap to load). */

/** The catalogue snapshot's object key in the search bucket. */
export const SNAPSHOT_KEY = 'catalogue/tutors.json.gz';

/** Sort keys of the items the catalogue is made of; the same list filters the table's stream. */
export const CATALOGUE_SORT_KEYS = ['PROFILE', 'TUTOR_PROFILE'] as const;
