/**
 * The results screen's understanding (issue 33): the chips in the text's order, the notices of the
 * filters and the words let go, and the search a chip's ✕ runs (web/src/features/search).
 */
import { resetFilters, type QueryUnderstanding } from '#shared/search';
import { describe, expect, it } from 'vitest';
import { resultsAnnouncement, searchWithoutChip, understandingView } from '../../web/src/features/search/understanding-view';

const nothing: QueryUnderstanding = {
  location: null,
  level: null,
  subjects: [],
  min_rate: null,
  max_rate: null,
  relaxed: [],
  words: [],
  dropped: [],
  chips: [],
};

/** 'maths Koumassi zorglub': a subject and a commune read, a word no tutor holds let go. */
const mathsInKoumassi: QueryUnderstanding = {
  ...nothing,
  location: 'koumassi',
  subjects: ['Mathématiques'],
  dropped: ['zorglub'],
  chips: [
    { kind: 'subject', label: 'Mathématiques', without: 'Koumassi zorglub' },
    { kind: 'location', label: 'Koumassi', without: 'maths zorglub' },
    { kind: 'word', label: 'zorglub', without: 'maths Koumassi' },
  ],
};

describe('the understanding as the results screen shows it', () => {
  it('shows nothing for a search without text', () => {
    expect(understandingView(undefined)).toBeNull();
    expect(understandingView(nothing)).toBeNull();
  });

  it('shows one chip per thing read, in the order the API gives them, instead of the line', () => {
    const view = understandingView(mathsInKoumassi)!;
    expect(view.chips.map((chip) => chip.label)).toEqual(['Mathématiques', 'Koumassi', 'zorglub']);
    expect(view.understood).toBeNull();
  });

  it('says which words were let go, one or several', () => {
    expect(understandingView(mathsInKoumassi)!.dropped).toBe('Aucun répétiteur pour « zorglub » : voici les résultats sans ce mot');
    expect(understandingView({ ...nothing, subjects: ['Anglais'], dropped: ['zorglub', 'blurp'] })!.dropped).toBe(
      'Aucun répétiteur pour « zorglub blurp » : voici les résultats sans ces mots',
    );
    expect(understandingView({ ...mathsInKoumassi, dropped: [] })!.dropped).toBeNull();
  });

  it('shows words let go even when nothing else was read', () => {
    const chips = [{ kind: 'word' as const, label: 'zorglub', without: '' }];
    expect(understandingView({ ...nothing, words: ['zorglub'], dropped: ['zorglub'], chips })).toEqual({
      chips,
      understood: null,
      relaxed: null,
      dropped: 'Aucun répétiteur pour « zorglub » : voici les résultats sans ce mot',
    });
  });

  it('says which filters read in the text were let go to find someone', () => {
    expect(understandingView({ ...mathsInKoumassi, relaxed: ['location'] })!.relaxed).toBe(
      'Aucun répétiteur à Koumassi : voici les plus proches de votre recherche.',
    );
  });

  it("keeps the 'Compris : …' line for an answer without chips", () => {
    expect(understandingView({ ...mathsInKoumassi, chips: [], dropped: [] })).toEqual({
      chips: [],
      understood: 'Compris : Mathématiques · Koumassi',
      relaxed: null,
      dropped: null,
    });
  });
});

describe("a chip's ✕", () => {
  it("searches the chip's text without its words, every other filter as the parent chose it", () => {
    const filters = { ...resetFilters(), query: 'maths Koumassi zorglub', level: 'Collège (6e-3e)', maxRate: 5000, sortBy: 'price' as const };
    expect(searchWithoutChip(filters, mathsInKoumassi.chips[1]!)).toEqual({ ...filters, query: 'maths zorglub' });
  });
});

describe('what a screen reader is told of the answer', () => {
  it('says how many tutors, then what was let go to find them', () => {
    expect(resultsAnnouncement(1, mathsInKoumassi)).toBe(
      '1 répétiteur(s) trouvé(s). Aucun répétiteur pour « zorglub » : voici les résultats sans ce mot',
    );
    expect(resultsAnnouncement(12, { ...mathsInKoumassi, dropped: [], relaxed: ['location'] })).toBe(
      '12 répétiteur(s) trouvé(s). Aucun répétiteur à Koumassi : voici les plus proches de votre recherche.',
    );
    expect(resultsAnnouncement(3, undefined)).toBe('3 répétiteur(s) trouvé(s).');
  });

  it("says 'Aucun résultat trouvé' for an empty answer", () => {
    expect(resultsAnnouncement(0, mathsInKoumassi)).toBe('Aucun résultat trouvé');
  });
});
