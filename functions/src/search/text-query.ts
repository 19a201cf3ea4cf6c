/**
 * The full-text part of an understood query, as a MiniSearch expression: every subject named and
 * every remaining word is required; a subject matches by its name (prefixes, no typo: the name
 * comes from the spec, the typo was already forgiven when the word was recognised), and a name
 * such as 'pc' matches Physique or Chimie — a tutor with both scores higher.
 */
import type { Query } from 'minisearch';
import type { UnderstoodQuery } from './understand-query.js';

export function textQuery(understood: Pick<UnderstoodQuery, 'subjects' | 'words'>): Query | null {
  const required: Query[] = understood.subjects.map((anyOf) => ({
    combineWith: 'OR',
    queries: anyOf.map((subject) => ({ combineWith: 'AND', prefix: true, fuzzy: false, queries: [subject] })),
  }));
  // The other words keep the index's options: prefixes, and typos by word length.
  required.push(...understood.words);
  return required.length ? { combineWith: 'AND', queries: required } : null;
}
