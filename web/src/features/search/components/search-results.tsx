import { searchMessages } from '#shared/message-catalogue/search';
import { formatAmount } from '#shared/money';
import { sortBadge, type SearchFilters, type UnderstandingChip } from '#shared/search';
import { Badge, Button, Card, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useDeferredValue, type ReactNode } from 'react';
import { LuSearchX } from 'react-icons/lu';
import { TutorListSkeleton } from '@/components/tutor-card';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import type { ListedSearchResponse, ListedTutor } from '@/lib/visitor-tutors';
import { SearchUnderstanding } from './search-understanding';

interface SearchResultsProps {
  filters: SearchFilters;
  pages: ListedSearchResponse[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Why, when the API said it (too many requests). */
  errorDetail?: string;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  renderTutor: (tutor: ListedTutor) => ReactNode;
  /** Searches again without a chip of the understanding (its ✕). */
  onRemoveChip: (chip: UnderstandingChip) => void;
}

/** The results' heading: where the focus goes once a removed chip's search is answered. */
export const RESULTS_HEADING_ID = 'search-results-heading';

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body p="3">
        {/* The term before its definition in the <dl>; the figure is shown above it. */}
        <Stat.Root flexDirection="column-reverse" justifyContent="flex-end">
          <Stat.Label fontSize="xs">{label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'lg', md: '2xl' }}>{value}</Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** Results area: skeletons, error card, empty state, or the stat cards and the list. */
export function SearchResults(props: SearchResultsProps) {
  const { filters, isLoading, isError, onRetry, renderTutor, onRemoveChip } = props;
  // The answer arrives through the query cache, which React renders at once (an external store
  // cannot be sliced): 24 cards in one piece were a phone's longest task (~130 ms at 4× CPU,
  // Lighthouse's blocking time). The skeleton stays one frame more while React renders the cards
  // in the background, a few milliseconds at a time.
  const pages = useDeferredValue(props.pages);
  if (isLoading || (props.pages && !pages)) return <TutorListSkeleton />;
  if (isError) {
    return (
      <LoadError title={searchMessages.failure} description={props.errorDetail} onRetry={onRetry} />
    );
  }
  const first = pages?.[0];
  if (!first) return null;
  if (first.total === 0) {
    return (
      <Stack gap="4">
        <EmptyNotice
          card={{ variant: 'outline' }}
          icon={<LuSearchX />}
          titleAs="h2"
          title={searchMessages.empty}
          description="Essayez une autre orthographe, une autre zone ou élargissez le tarif."
        />
        {/* What was read can still be taken out of the text, one chip at a time. */}
        <SearchUnderstanding understanding={first.understanding} onRemoveChip={onRemoveChip} chipsOnly />
      </Stack>
    );
  }

  const tutors = pages.flatMap((page): ListedTutor[] => page.tutors);
  return (
    <Stack gap="4">
      <SimpleGrid columns={3} gap={{ base: '2', md: '3' }}>
        <StatCard label="Répétiteurs" value={String(first.total)} />
        <StatCard label="Vérifiés" value={String(first.verified_count)} />
        <StatCard label="FCFA/h moyen" value={first.average_rate === null ? 'N/A' : formatAmount(first.average_rate)} />
      </SimpleGrid>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text as="h2" id={RESULTS_HEADING_ID} tabIndex={-1} fontWeight="semibold">
          {first.total} répétiteur(s) trouvé(s)
        </Text>
        <Badge variant="subtle">{sortBadge(filters.sortBy)}</Badge>
      </HStack>
      <SearchUnderstanding understanding={first.understanding} onRemoveChip={onRemoveChip} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {tutors.map((tutor) => (
          <div key={tutor.id}>{renderTutor(tutor)}</div>
        ))}
      </SimpleGrid>
      {props.hasMore && (
        <Button variant="outline" alignSelf="center" loading={props.isLoadingMore} onClick={props.onLoadMore}>
          Voir plus de répétiteurs
        </Button>
      )}
    </Stack>
  );
}
