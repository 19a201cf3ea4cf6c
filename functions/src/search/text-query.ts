/**
 * The full-text part of an understood query, as the text index reads it (text-index.ts): every
 * clause is required. A subject clause matches by the subject's name (prefixes, no typo: the name
 * comes from the spec, the typo was already forgiven when the word was recognised), and a name
 * such as 'pc' matches Physique or Chimie — a tutor with both scores higher. A word clause keeps
 * the index's own options: prefixes, and typos by word length.
 */
import type { UnderstoodQuery } from './understand-query.js';

export type TextClause = { subjects: string[] } | { word: string };

export interface TextQuery {
  clauses: TextClause[];
}

export function textQuery(understood: Pick<UnderstoodQuery, 'subjects' | 'words'>): TextQuery | null {
  const clauses: TextClause[] = [
    ...understood.subjects.map((anyOf) => ({ subjects: [...anyOf] })),
    ...understood.words.map((word) => ({ word })),
  ];
  return clauses.length ? { clauses } : null;
}
