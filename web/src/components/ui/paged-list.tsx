import { adminMessages } from '#shared/message-catalogue/admin';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Alert, Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { LoadError } from './page-state';

interface PagedListProps<Page, Item> {
  /** react-query's infinite query over the API's cursor pages. */
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  /** The items of one page. */
  itemsOf: (page: Page) => Item[];
  /** What could not be loaded (the French title of the error). */
  loadError: ReactNode;
  /** Shows the error's own message under the title. */
  showErrorDetail?: boolean;
  /** The skeletons while the first page loads. */
  skeleton: { count: number; height: string };
  /** The line above the list: the count so far (and whether more pages exist). */
  countLabel?: (count: number, more: boolean) => ReactNode;
  /** 'Actualiser' beside the count. */
  refresh?: boolean;
  /** What an empty list shows (an EmptyNotice); without it an empty list shows its count only. */
  empty?: ReactNode;
  /** The button that loads the next page ('Charger plus' by default). */
  loadMoreLabel?: string;
  renderItem: (item: Item) => ReactNode;
}

/**
 * One paged list for the admin tabs: skeletons while the first page loads, an announced error with
 * 'Réessayer', the count and 'Actualiser', the empty notice, the items, and the next page on demand
 * (a spinner while it loads, a retry if it failed). The pages are the API's opaque cursors.
 */
export function PagedList<Page, Item>({
  query,
  itemsOf,
  loadError,
  showErrorDetail,
  skeleton,
  countLabel,
  refresh,
  empty,
  loadMoreLabel,
  renderItem,
}: PagedListProps<Page, Item>) {
  if (query.isPending) {
    return (
      <Stack gap="3" role="status" aria-busy="true" aria-label={uiMessages.loading}>
        {Array.from({ length: skeleton.count }, (_, i) => (
          <Skeleton key={i} height={skeleton.height} rounded="lg" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <LoadError title={loadError} description={showErrorDetail ? query.error.message : undefined} onRetry={() => void query.refetch()} />;
  }
  const items = query.data.pages.flatMap(itemsOf);
  return (
    <Stack gap="3">
      {(countLabel || refresh) && (
        <Flex justify="space-between" align="center" gap="3">
          {countLabel && (
            <Text color="fg.muted" fontSize="sm">
              {countLabel(items.length, query.hasNextPage)}
            </Text>
          )}
          {refresh && (
            <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
              <LuRefreshCw /> Actualiser
            </Button>
          )}
        </Flex>
      )}
      {items.length === 0 && empty}
      {items.map(renderItem)}
      {query.hasNextPage && (
        <Stack gap="2" align="center">
          {query.isFetchNextPageError && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Title>{uiMessages.networkFailure}</Alert.Title>
            </Alert.Root>
          )}
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid="admin-load-more">
            {query.isFetchNextPageError ? uiMessages.retry : (loadMoreLabel ?? adminMessages.loadMore)}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
