import { lazy, Suspense, useEffect, useRef } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { SectionSpinner } from '@/components/ui/full-page-spinner';
import { useAddFavoriteAfterSignIn } from '@/features/favorites/api/favorites';
import { useHistoryRecorded } from '@/features/history/api/history';
import { RecommendationsPanel } from '@/features/recommendations/components/recommendations-panel';
import { SEARCH_TITLE, SearchScreen } from '@/features/search/components/search-screen';
import { useAuth } from '@/lib/auth';
import type { OpeningReads } from '@/lib/opening-reads';
import { useTakePendingAction } from '../resume-after-sign-in';
import { useRenderTutor } from '../tutor-cards';

// The history is a parent's (its dates bring date-fns and its French locale): a visitor's search
// from a shared link does not carry it (issue 34); a parent's search opened at start fetches it
// with the profile (openingReads), not once the screen is drawn — and the other screens that share
// this module's file (/cours…) do not fetch it at all.
const loadHistoryCard = () => import('@/features/history/components/search-history-card').then((module) => ({ default: module.SearchHistoryCard }));
const SearchHistoryCard = lazy(loadHistoryCard);

/** Opened on /search: a parent's history card comes with the profile (lib/opening-reads.ts). */
export const openingReads: OpeningReads = (_queryClient, role) => {
  if (role === 'parent') void loadHistoryCard().catch(() => undefined);
};

/**
 * Search composed with its history, the AI panel and the tutor cards (also Home's search tab).
 * A visitor (issue 17) searches through the public route: no history (nothing recorded, nothing
 * said), and the AI panel and the cards' heart and 'Réserver' ask to sign in.
 */
export function SearchPage() {
  const { user, profile } = useAuth();
  const renderTutor = useRenderTutor();
  const historyRecorded = useHistoryRecorded();
  const isParent = profile?.role === 'parent';
  const visitor = !user;
  // Back from 'Connexion requise' on this search: the favourite added, or the recommendations made.
  const pending = useTakePendingAction();
  const addFavorite = useAddFavoriteAfterSignIn();
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || pending?.action !== 'favorite' || !pending.tutorId) return;
    resumed.current = true;
    addFavorite(pending.tutorId);
  }, [pending, addFavorite]);
  return (
    <SearchScreen
      visitor={visitor}
      renderTutor={renderTutor}
      recordSearches={isParent}
      onSearched={isParent ? historyRecorded : undefined}
      renderHistory={
        isParent
          ? (apply) => (
              <Suspense fallback={<SectionSpinner />}>
                <SearchHistoryCard onSelect={apply} />
              </Suspense>
            )
          : undefined
      }
      // Recommendations are a parent's (spec §6): other roles search without the AI panel; a
      // visitor sees it, with 'Connexion requise'.
      renderSuggestions={
        isParent || visitor
          ? (filters) => (
              <RecommendationsPanel filters={filters} renderTutor={renderTutor} generateNow={pending?.action === 'recommend'} />
            )
          : undefined
      }
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
