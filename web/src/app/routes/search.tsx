import { PageLayout } from '@/components/layout/page-layout';
import { useHistoryRecorded } from '@/features/history/api/history';
import { SearchHistoryCard } from '@/features/history/components/search-history-card';
import { RecommendationsPanel } from '@/features/recommendations/components/recommendations-panel';
import { SEARCH_TITLE, SearchScreen } from '@/features/search/components/search-screen';
import { useAuth } from '@/lib/auth';
import { useRenderTutor } from '../tutor-cards';

/** Search composed with its history, the AI panel and the tutor cards (also Home's search tab). */
export function SearchPage() {
  const { profile } = useAuth();
  const renderTutor = useRenderTutor();
  const historyRecorded = useHistoryRecorded();
  const isParent = profile?.role === 'parent';
  return (
    <SearchScreen
      renderTutor={renderTutor}
      recordSearches={isParent}
      onSearched={isParent ? historyRecorded : undefined}
      renderHistory={isParent ? (apply) => <SearchHistoryCard onSelect={apply} /> : undefined}
      // Recommendations are a parent's (spec §6): other roles search without the AI panel.
      renderSuggestions={isParent ? (filters) => <RecommendationsPanel filters={filters} renderTutor={renderTutor} /> : undefined}
    />
  );
}

export default function SearchRoute() {
  return (
    <PageLayout title={SEARCH_TITLE}>
      <SearchPage />
    </PageLayout>
  );
}
