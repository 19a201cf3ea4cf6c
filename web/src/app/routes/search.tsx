import { PageLayout } from '@/components/layout/page-layout';
import { SEARCH_TITLE, SearchPlaceholder } from '@/features/search/components/search-placeholder';

export default function SearchRoute() {
  return (
    <PageLayout title={SEARCH_TITLE}>
      <SearchPlaceholder />
    </PageLayout>
  );
}
