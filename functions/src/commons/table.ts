/**
 * Physical shape of the single table, shared by CDK (infra/lib) and the local stack.
 * Item shapes live in `db.ts` (dynamodb-toolbox entities); nothing else builds key strings.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** Sparse: the published tutors (their profile and tutor profile), what the search catalogue is rebuilt from. */
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  /** Items carrying it (epoch seconds) are deleted by the table's TTL once past: search history. */
  timeToLive: 'expires_at',
} as const;
