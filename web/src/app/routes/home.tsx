import { Heading, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES, navigationOf, tabOpenedBy, unreadMessagesSuffix } from '@/components/layout/navigation';
import { PageLayout } from '@/components/layout/page-layout';
import { SectionSpinner } from '@/components/ui/full-page-spinner';
import { favoritesQuery } from '@/features/favorites/api/favorites';
import { BecomeTutor } from '@/features/home/components/become-tutor';
import { Hero } from '@/features/home/components/hero';
import { HomeTabs, type HomeTab, type TabBarLink } from '@/features/home/components/home-tabs';
import { RecommendedTutors } from '@/features/home/components/recommended-tutors';
import { homeRecommendationsQuery } from '@/features/recommendations/api/recommendations';
import { HomeRecommendations } from '@/features/recommendations/components/home-recommendations';
import { PARENT_PAYMENTS_TITLE, SEARCH_TITLE, TUTOR_REVENUES_TITLE } from '@/features/home/tab-titles';
import { useAuth } from '@/lib/auth';
import { useConversationsUnread } from '@/lib/conversation-entry';
import { prefetchOpeningRead, type OpeningReads } from '@/lib/opening-reads';
import { useAskTutor, useBookTutor, useRenderTutor } from '../tutor-cards';

// A tab's code comes when the tab is opened (the tabs mount lazily): a parent's first screen does
// not carry the tutor's revenues, the admin's payments, the search or the profile (issue 34).
const SearchPage = lazy(() => import('./search').then((module) => ({ default: module.SearchPage })));
const TutorRevenues = lazy(() => import('@/features/revenues/components/tutor-revenues').then((module) => ({ default: module.TutorRevenues })));
const AdminPaymentsTab = lazy(() => import('@/features/admin-money/components/admin-payments-tab').then((module) => ({ default: module.AdminPaymentsTab })));
const ParentPayments = lazy(() => import('@/features/payments/components/parent-payments').then((module) => ({ default: module.ParentPayments })));
const FavoritesList = lazy(() => import('@/features/favorites/components/favorites-list').then((module) => ({ default: module.FavoritesList })));
const ProfileSummary = lazy(() => import('@/features/profile/components/profile-summary').then((module) => ({ default: module.ProfileSummary })));

/** Opened on /: a parent's recommended tutors, and the favourites their cards' hearts show, are asked for with the profile. */
export const openingReads: OpeningReads = (queryClient, role) => {
  if (role !== 'parent') return;
  void prefetchOpeningRead(queryClient, homeRecommendationsQuery());
  void prefetchOpeningRead(queryClient, favoritesQuery());
};

/** A tab's panel while its code (lazy, above) is on its way: a spinner. */
function TabCode({ children }: { children: ReactNode }) {
  return <Suspense fallback={<SectionSpinner />}>{children}</Suspense>;
}

function TabSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="2xl">
        {title}
      </Heading>
      <TabCode>{children}</TabCode>
    </Stack>
  );
}

/**
 * `/`: hero and recommendations, plus the search, payments, favourites and profile tabs — each
 * role gets the tabs that are its own (components/layout/navigation.ts): the payments tab is the
 * parent's payments, the tutor's revenues or the admin's Paiements; favourites are a parent's.
 */
export default function HomeRoute() {
  const { profile } = useAuth();
  const { state } = useLocation();
  // Back from the profile editor: on the Profil tab (issue 28).
  const [tab, setTab] = useState<HomeTab>(() => tabOpenedBy(state));
  const [becomingTutor, setBecomingTutor] = useState(false);
  const role = profile?.role;
  const renderTutor = useRenderTutor();
  const onBook = useBookTutor();
  const askOf = useAskTutor();
  const unreadMessages = useConversationsUnread();
  // 'Messages' in the tab bar (a parent's, a tutor's) carries the unread count, as the header's does.
  const links = (navigationOf(role)?.tabBarLinks ?? []).map(
    (link): TabBarLink => (link === MESSAGES ? { ...link, badge: unreadMessages, hiddenSuffix: unreadMessagesSuffix(unreadMessages) } : link),
  );

  const payments =
    role === 'tuteur' ? (
      <TabSection title={TUTOR_REVENUES_TITLE}>
        <TutorRevenues />
      </TabSection>
    ) : role === 'admin' ? (
      <TabSection title="Paiements">
        <AdminPaymentsTab />
      </TabSection>
    ) : (
      <TabSection title={PARENT_PAYMENTS_TITLE}>
        <ParentPayments />
      </TabSection>
    );

  return (
    <PageLayout title="Kalan" bottomInset>
      <HomeTabs
        value={tab}
        onValueChange={setTab}
        tabBar={navigationOf(role)?.homeTabs ?? {}}
        links={links}
        panels={{
          home: (
            <Stack gap="8">
              <Hero onBecomeTutor={() => setBecomingTutor(true)} />
              {role === 'parent' && (
                <RecommendedTutors>
                  <HomeRecommendations renderTutor={renderTutor} />
                </RecommendedTutors>
              )}
            </Stack>
          ),
          search: (
            <TabSection title={SEARCH_TITLE}>
              <SearchPage />
            </TabSection>
          ),
          payments,
          favorites: (
            <TabCode>
              <FavoritesList onBook={onBook} askOf={askOf} />
            </TabCode>
          ),
          profile: (
            <TabCode>
              <ProfileSummary />
            </TabCode>
          ),
        }}
      />
      <BecomeTutor open={becomingTutor} onClose={() => setBecomingTutor(false)} />
    </PageLayout>
  );
}
