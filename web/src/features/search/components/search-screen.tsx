import { resetFilters, type SearchFilters, type UnderstandingChip } from '#shared/search';
import { Grid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { tooManyRequestsMessage, type ListedTutor } from '@/lib/visitor-tutors';
import { useSearchTutors } from '../api/search-tutors';
import { useSearchUrl } from '../hooks/use-search-url';
import { SearchForm } from './search-form';
import { resultsAnnouncement, searchWithoutChip } from '../understanding-view';
import { RESULTS_HEADING_ID, SearchResults } from './search-results';
import { OfflineCopyBanner } from '@/components/pwa/offline-copy-banner';
import { markInstallMoment } from '@/lib/pwa/install';

export { SEARCH_TITLE } from '@/features/home/tab-titles';

interface SearchScreenProps {
  renderTutor: (tutor: ListedTutor) => ReactNode;
  /** A visitor's search (issue 17): the public route, never recorded. */
  visitor?: boolean;
  /** The history card, shown until the first search; `apply` searches again with its filters. */
  renderHistory?: (apply: (filters: SearchFilters) => void) => ReactNode;
  /** The suggested-tutors block, given the zone, subject and level being searched. */
  renderSuggestions?: (filters: SearchFilters) => ReactNode;
  /** A parent's searches made here go to their history, recorded by the search request itself. */
  recordSearches?: boolean;
  /** Called once per search the user makes, once answered (the page refreshes the history). */
  onSearched?: (filters: SearchFilters, resultsCount: number) => void;
}

const keyOf = (filters: SearchFilters) => JSON.stringify(filters);

/** The catalogue as a search without filters lists it: what a screen without history opens on. */
const CATALOGUE = resetFilters();

/**
 * Tutor search (spec §2): filters in the URL, results, history until the first search. Without a
 * history to show (a visitor, any role but a parent), the catalogue's first page until then
 * (issue 28) — read, not searched: nothing recorded, the address left as it is.
 */
export function SearchScreen({ renderTutor, renderHistory, renderSuggestions, recordSearches = false, onSearched, visitor = false }: SearchScreenProps) {
  const { submitted, submit } = useSearchUrl();
  const [draft, setDraft] = useState<SearchFilters>(() => submitted ?? resetFilters());
  const listed = submitted ?? (renderHistory ? null : CATALOGUE);
  // The last search made here: its filters, its history id (a parent's), and whether its answer was
  // announced. It counts only while those filters are the ones shown (not after back/forward to
  // others, nor for a shared link opened as is).
  const [made, setMade] = useState<{ key: string; recordId: string | null; announced: boolean } | null>(null);
  const submittedKey = submitted ? keyOf(submitted) : null;
  const current = made && made.key === submittedKey ? made : null;
  const results = useSearchTutors(listed, current?.recordId ?? null, visitor);

  // The URL changed under us (a history entry, back/forward): the form shows what is searched.
  useEffect(() => {
    if (submitted) setDraft(submitted);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submittedKey]);

  const search = (filters: SearchFilters) => {
    const normalised = { ...filters, query: filters.query.trim() };
    setMade({ key: keyOf(normalised), recordId: recordSearches && !visitor ? crypto.randomUUID() : null, announced: false });
    submit(normalised);
  };

  // A search made here (not a reload of a shared link) is answered: the page is told, once.
  const firstPage = results.data?.pages[0];
  useEffect(() => {
    if (!current || current.announced || !submitted) return;
    if (!firstPage || results.isPlaceholderData || results.isFetching) return;
    setMade({ ...current, announced: true });
    onSearched?.(submitted, firstPage.total);
  }, [current, submitted, firstPage, results.isPlaceholderData, results.isFetching, onSearched]);

  const isLoading = listed !== null && (results.isPending || (results.isPlaceholderData && results.isFetching));

  // A chip's ✕ is a search like any other (in the URL, so Back brings the chip back; in a parent's
  // history). Its button goes with the old results: once the new ones are shown, the focus moves to
  // their heading (which says how many), or to the search box when nobody was found.
  // The search a chip's ✕ made (its key), until its answer is shown.
  const [chipRemoved, setChipRemoved] = useState<string | null>(null);
  const removeChip = (chip: UnderstandingChip) => {
    if (!listed) return;
    const filters = searchWithoutChip(listed, chip);
    setChipRemoved(keyOf({ ...filters, query: filters.query.trim() }));
    search(filters);
  };
  useEffect(() => {
    if (chipRemoved === null || chipRemoved !== submittedKey || isLoading || results.isFetching) return;
    setChipRemoved(null);
    const target = document.getElementById(RESULTS_HEADING_ID) ?? document.querySelector<HTMLElement>('input[aria-label="Recherche libre"]');
    target?.focus();
  }, [chipRemoved, submittedKey, isLoading, results.isFetching]);

  const answered = submitted !== null && firstPage && !isLoading && !results.isError;
  // A first search with tutors to show: the moment to offer 'Installer Kalan' (issue 34).
  const foundTutors = Boolean(answered && firstPage.total > 0);
  useEffect(() => {
    if (foundTutors) markInstallMoment();
  }, [foundTutors]);

  return (
    <Stack gap="5">
      <OfflineCopyBanner screen="search" />
      <VisuallyHidden role="status" aria-live="polite">
        {answered ? resultsAnnouncement(firstPage.total, firstPage.understanding) : ''}
      </VisuallyHidden>
      <Text color="fg.muted">Plus de 500+ répétiteurs vérifiés</Text>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
        <Stack gap="5" minW="0">
          <SearchForm
            value={draft}
            onChange={setDraft}
            onSubmit={() => search(draft)}
            isSearching={isLoading}
            defaultOpen={submitted === null}
          />
          {listed === null
            ? renderHistory?.((filters) => search(filters))
            : (
                <SearchResults
                  filters={listed}
                  pages={results.data?.pages}
                  isLoading={isLoading}
                  isError={results.isError}
                  errorDetail={tooManyRequestsMessage(results.error)}
                  onRetry={() => void results.refetch()}
                  hasMore={Boolean(results.hasNextPage)}
                  isLoadingMore={results.isFetchingNextPage}
                  onLoadMore={() => void results.fetchNextPage()}
                  renderTutor={renderTutor}
                  onRemoveChip={removeChip}
                />
              )}
        </Stack>
        {renderSuggestions && <Stack minW="0">{renderSuggestions(submitted ?? draft)}</Stack>}
      </Grid>
    </Stack>
  );
}
