import { searchMessages } from '#shared/message-catalogue/search';
import { understandingNotice, type QueryUnderstanding, type SearchFilters, type UnderstandingChip } from '#shared/search';

/** What the results screen shows of a search's understanding (issue 33), as plain data. */
export interface UnderstandingView {
  /** One removable chip per thing read in the text, in the text's order. */
  chips: UnderstandingChip[];
  /** 'Compris : …' as a line, only for an answer without chips (the chips say it otherwise). */
  understood: string | null;
  /** The filters read in the text and let go because they left nobody. */
  relaxed: string | null;
  /** The words let go because no tutor fitting the rest holds them. */
  dropped: string | null;
}

/** Null when there is nothing to show (no text). The texts are the shared `understandingNotice`'s. */
export function understandingView(understanding: QueryUnderstanding | undefined): UnderstandingView | null {
  if (!understanding) return null;
  const notice = understandingNotice(understanding);
  const { chips } = understanding;
  const view: UnderstandingView = {
    chips,
    understood: chips.length ? null : (notice?.understood ?? null),
    relaxed: notice?.relaxed ?? null,
    dropped: notice?.dropped ?? null,
  };
  return view.chips.length || view.understood || view.relaxed || view.dropped ? view : null;
}

/**
 * The search a chip's ✕ runs: the parent's text without the chip's words, every other filter as
 * it was (the form's zone, subject, level, rates and sort are the parent's choices, not the text's).
 */
export function searchWithoutChip(filters: SearchFilters, chip: UnderstandingChip): SearchFilters {
  return { ...filters, query: chip.without };
}

/**
 * What a screen reader is told once a search is answered: how many tutors, then what was let go
 * to find them. Said by a live region that stays on the page (the results are rebuilt on each
 * search, and a region added with its text already in it is not read out).
 */
export function resultsAnnouncement(total: number, understanding: QueryUnderstanding | undefined): string {
  if (total === 0) return searchMessages.empty;
  const view = understandingView(understanding);
  return [`${total} répétiteur(s) trouvé(s).`, view?.relaxed, view?.dropped].filter(Boolean).join(' ');
}
