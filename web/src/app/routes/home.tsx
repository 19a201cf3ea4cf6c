import { Heading, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { FavoritesList } from '@/features/favorites/components/favorites-list';
import { Hero } from '@/features/home/components/hero';
import { HomeTabs, type HomeTab } from '@/features/home/components/home-tabs';
import { RecommendedTutors } from '@/features/home/components/recommended-tutors';
import { HomeRecommendations } from '@/features/recommendations/components/home-recommendations';
import {
  PARENT_PAYMENTS_TITLE,
  ParentPayments,
} from '@/features/payments/components/parent-payments';
import { ProfileSummary } from '@/features/profile/components/profile-summary';
import {
  TUTOR_REVENUES_TITLE,
  TutorRevenues,
} from '@/features/revenues/components/tutor-revenues';
import { SEARCH_TITLE } from '@/features/search/components/search-screen';
import { useAuth } from '@/lib/auth';
import { useBookTutor, useRenderTutor } from '../tutor-cards';
import { SearchPage } from './search';

function TabSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="2xl">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** `/`: hero and recommendations, plus the search, payments, favourites and profile tabs. */
export default function HomeRoute() {
  const { profile } = useAuth();
  const [tab, setTab] = useState<HomeTab>('home');
  const isTutor = profile?.role === 'tuteur';
  const renderTutor = useRenderTutor();
  const onBook = useBookTutor();

  return (
    <PageLayout title="Kalan" bottomInset>
      <HomeTabs
        value={tab}
        onValueChange={setTab}
        panels={{
          home: (
            <Stack gap="8">
              <Hero />
              <RecommendedTutors>
                <HomeRecommendations renderTutor={renderTutor} />
              </RecommendedTutors>
            </Stack>
          ),
          search: (
            <TabSection title={SEARCH_TITLE}>
              <SearchPage />
            </TabSection>
          ),
          payments: isTutor ? (
            <TabSection title={TUTOR_REVENUES_TITLE}>
              <TutorRevenues />
            </TabSection>
          ) : (
            <TabSection title={PARENT_PAYMENTS_TITLE}>
              <ParentPayments />
            </TabSection>
          ),
          favorites: <FavoritesList onBook={onBook} />,
          profile: <ProfileSummary />,
        }}
      />
    </PageLayout>
  );
}
