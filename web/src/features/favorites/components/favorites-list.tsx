import { favoritesMessages } from '#shared/message-catalogue/favorites';
import { type TutorSummary } from '#shared/search';
import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuHeart } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { TutorCard, TutorListSkeleton, type TutorCardAsk } from '@/components/tutor-card';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { useAuth } from '@/lib/auth';
import { useFavorites, useFavoriteToggle } from '../api/favorites';

export const FAVORITES_TITLE = 'Mes Favoris';

interface FavoritesListProps {
  onBook?: (tutor: TutorSummary) => void;
  /** 'Poser une question' on a card (issue 31), when the page offers it. */
  askOf?: (tutor: TutorSummary) => TutorCardAsk | undefined;
  /** The page already shows the title in its header. */
  showTitle?: boolean;
}

/** 'Mes Favoris': the tutors the parent saved (spec §2 Favorites). */
export function FavoritesList({ onBook, askOf, showTitle = true }: FavoritesListProps) {
  const { profile } = useAuth();
  const navigate = useNavigate();
  const favorites = useFavorites();
  const favoriteProps = useFavoriteToggle();
  const tutors = (favorites.data?.favorites ?? []).flatMap((f) => (f.tutor ? [f.tutor] : []));

  const title = showTitle && (
    <Heading as="h2" size="2xl">
      {FAVORITES_TITLE}
    </Heading>
  );

  if (profile && profile.role !== 'parent') {
    return (
      <Stack gap="4">
        {title}
        <Text color="fg.muted">{favoritesMessages.parentsOnly}</Text>
      </Stack>
    );
  }

  let content;
  if (favorites.isPending) content = <TutorListSkeleton />;
  else if (favorites.isError) {
    content = (
      <LoadError
        title={favoritesMessages.loadTitle}
        description={favoritesMessages.loadFailure}
        onRetry={() => void favorites.refetch()}
      />
    );
  } else if (tutors.length === 0) {
    content = (
      <EmptyNotice
        card={{ variant: 'outline' }}
        icon={<LuHeart />}
        color="orange.solid"
        titleAs="h3"
        title={favoritesMessages.empty}
        description="Touchez le cœur d’un répétiteur pour le retrouver ici."
        action={
          <Button size="sm" onClick={() => navigate('/search')}>
            Trouver un répétiteur
          </Button>
        }
      />
    );
  } else {
    content = (
      <Stack gap="3">
        <Text fontWeight="medium">
          {tutors.length} répétiteur(s) en favoris
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {tutors.map((tutor) => (
            <TutorCard key={tutor.id} tutor={tutor} favorite={favoriteProps(tutor)} onBook={onBook} ask={askOf?.(tutor)} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      {title}
      {content}
    </Stack>
  );
}
