import { describe, expect, it } from 'vitest';
import { textQuery } from '../../functions/src/search/text-query.js';

describe('full-text query of an understood search', () => {
  it('is nothing when the text named no subject and left no word', () => {
    expect(textQuery({ subjects: [], words: [] })).toBeNull();
  });

  it('requires every subject named, any of the subjects of a name such as pc', () => {
    expect(textQuery({ subjects: [['Physique', 'Chimie'], ['Anglais']], words: [] })).toEqual({
      clauses: [{ subjects: ['Physique', 'Chimie'] }, { subjects: ['Anglais'] }],
    });
  });

  it('requires every remaining word too, with the index’s own prefix and typo options', () => {
    expect(textQuery({ subjects: [], words: ['kouassi', 'traore'] })).toEqual({ clauses: [{ word: 'kouassi' }, { word: 'traore' }] });
  });
});
