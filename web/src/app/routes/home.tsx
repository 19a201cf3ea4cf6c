import { Heading, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { FAVORITES_TITLE, FavoritesPlaceholder } from '@/features/favorites/components/favorites-placeholder';
import { Hero } from '@/features/home/components/hero';
import { HomeTabs, type HomeTab } from '@/features/home/components/home-tabs';
import { RecommendedTutors } from '@/features/home/components/recommended-tutors';
import {
  PARENT_PAYMENTS_TITLE,
  ParentPaymentsPlaceholder,
} from '@/features/payments/components/parent-payments-placeholder';
import { ProfileSummary } from '@/features/profile/components/profile-summary';
import {
  TUTOR_REVENUES_TITLE,
  TutorRevenuesPlaceholder,
} from '@/features/revenues/components/tutor-revenues-placeholder';
import { SEARCH_TITLE, SearchPlaceholder } from '@/features/search/components/search-placeholder';
import { useAuth } from '@/lib/auth';

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

  return (
    <PageLayout title="Kalan" bottomInset>
      <HomeTabs
        value={tab}
        onValueChange={setTab}
        panels={{
          home: (
            <Stack gap="8">
              <Hero />
              <RecommendedTutors />
            </Stack>
          ),
          search: (
            <TabSection title={SEARCH_TITLE}>
              <SearchPlaceholder />
            </TabSection>
          ),
          payments: isTutor ? (
            <TabSection title={TUTOR_REVENUES_TITLE}>
              <TutorRevenuesPlaceholder />
            </TabSection>
          ) : (
            <TabSection title={PARENT_PAYMENTS_TITLE}>
              <ParentPaymentsPlaceholder />
            </TabSection>
          ),
          favorites: (
            <TabSection title={FAVORITES_TITLE}>
              <FavoritesPlaceholder />
            </TabSection>
          ),
          profile: <ProfileSummary />,
        }}
      />
    </PageLayout>
  );
}
