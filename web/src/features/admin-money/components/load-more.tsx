import { messages } from '#shared/messages';
import { Alert, Button, Stack } from '@chakra-ui/react';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Charger plus' under a paged admin list: the next page, a spinner while it loads, a retry if it failed. */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Stack gap="2" align="center">
      {query.isFetchNextPageError && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{messages.ui.networkFailure}</Alert.Title>
        </Alert.Root>
      )}
      <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid="admin-load-more">
        {query.isFetchNextPageError ? messages.ui.retry : messages.admin.loadMore}
      </Button>
    </Stack>
  );
}
