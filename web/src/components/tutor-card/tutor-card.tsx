import { DEFAULT_CARD_RATING, FAVORITE_ANIMATION_MS } from '#shared/constants';
import { formatRating } from '#shared/french';
import { formatAmount } from '#shared/money';
import { zoneLabel } from '#shared/search';
import { Avatar, Badge, Box, Button, Card, HStack, IconButton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LuHeart, LuMapPin, LuStar } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { listedName, type ListedTutor } from '@/lib/visitor-tutors';
import { AskQuestionButton } from './ask-question-button';
import { TutorPhoto } from './tutor-photo';

const MAX_SUBJECT_BADGES = 3;
/** The card's avatar (Chakra's `lg`): 44 CSS pixels. */
const CARD_PHOTO_SIZE = 44;

export interface TutorCardFavorite {
  isFavorite: boolean;
  onToggle: () => void;
  /** A toggle is on its way to the server. */
  pending?: boolean;
}

/** 'Poser une question' (issue 31): the page decides what it does (the conversation, or 'Connexion requise'). */
export interface TutorCardAsk {
  onAsk: () => void;
  /** The conversation is being opened. */
  pending?: boolean;
}

export interface TutorCardProps<T extends ListedTutor = ListedTutor> {
  /** A signed-in user's card (full name) or a visitor's ('Yao K.'). */
  tutor: T;
  favorite?: TutorCardFavorite;
  /** 'Réserver': the page decides what booking means (the booking dialog). */
  onBook?: (tutor: T) => void;
  /** 'Poser une question', for those who may ask (a parent, a visitor). */
  ask?: TutorCardAsk;
  /** Above the card's header, e.g. '#1 Recommandé'. */
  header?: ReactNode;
  /** Under the bio, e.g. the AI's reasoning. */
  footnote?: ReactNode;
}

/** The heart: fills when the tutor is a favourite, and pulses for 300 ms on each toggle. */
function FavoriteToggle({ name, favorite }: { name: string; favorite: TutorCardFavorite }) {
  const [pulsing, setPulsing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const label = favorite.isFavorite
    ? `Retirer ${name} des favoris`
    : `Ajouter ${name} aux favoris`;
  return (
    <IconButton
      aria-label={label}
      aria-pressed={favorite.isFavorite}
      variant="ghost"
      size="sm"
      rounded="full"
      color={favorite.isFavorite ? 'red.500' : 'fg.muted'}
      // aria-disabled, not disabled: a button that turns disabled drops the keyboard focus to the
      // page's start, so a keyboard user who pressed Enter on the heart would lose their place.
      aria-disabled={favorite.pending || undefined}
      onClick={() => {
        if (favorite.pending) return;
        setPulsing(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setPulsing(false), FAVORITE_ANIMATION_MS);
        favorite.onToggle();
      }}
    >
      <Box
        as="span"
        display="inline-flex"
        transform={pulsing ? 'scale(1.35)' : 'scale(1)'}
        transition={`transform ${FAVORITE_ANIMATION_MS}ms ease-out`}
      >
        <LuHeart fill={favorite.isFavorite ? 'currentColor' : 'none'} />
      </Box>
    </IconButton>
  );
}

/** A tutor in a list (spec §2 tutor card). */
export function TutorCard<T extends ListedTutor>({ tutor, favorite, onBook, ask, header, footnote }: TutorCardProps<T>) {
  const navigate = useNavigate();
  const name = listedName(tutor);
  const extraSubjects = tutor.subjects.length - MAX_SUBJECT_BADGES;

  return (
    <Card.Root as="article" aria-label={name} size="sm" overflow="hidden" h="full">
      <Card.Body gap="3">
        {header}
        <HStack align="flex-start" gap="3">
          <Avatar.Root size="lg" colorPalette="orange" flexShrink="0">
            <Avatar.Fallback name={name} />
            <TutorPhoto url={tutor.profile_image_url} variants={tutor.profile_image_variants} size={CARD_PHOTO_SIZE} alt="" lazy />
          </Avatar.Root>
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" truncate maxW="full">
                {name}
              </Text>
              {tutor.is_verified && (
                <Badge colorPalette="green" variant="subtle" size="sm">
                  ✔️ Vérifié
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate>
              {tutor.subjects[0] ?? 'Matières diverses'}
            </Text>
            <HStack gap="1" fontSize="sm">
              <Box as="span" color="yellow.500" display="inline-flex">
                <LuStar fill="currentColor" size="14" />
              </Box>
              <Text as="span" fontWeight="medium">
                {formatRating(DEFAULT_CARD_RATING)}
              </Text>
              <Text as="span" color="fg.muted">
                (12 avis)
              </Text>
            </HStack>
          </Stack>
          {favorite && <FavoriteToggle name={name} favorite={favorite} />}
        </HStack>

        {tutor.subjects.length > 0 && (
          <Wrap gap="1.5">
            {tutor.subjects.slice(0, MAX_SUBJECT_BADGES).map((subject) => (
              <Badge key={subject} variant="outline" size="sm">
                {subject}
              </Badge>
            ))}
            {extraSubjects > 0 && (
              <Badge variant="subtle" size="sm">
                +{extraSubjects}
              </Badge>
            )}
          </Wrap>
        )}

        <HStack justify="space-between" gap="3" wrap="wrap" fontSize="sm">
          <Text fontWeight="semibold" color="orange.fg">
            {tutor.hourly_rate === null ? 'N/A' : formatAmount(tutor.hourly_rate)} FCFA/h
          </Text>
          <HStack gap="1" color="fg.muted" minW="0">
            <LuMapPin size="14" />
            <Text truncate>{zoneLabel(tutor.location) ?? 'Zone non spécifiée'}</Text>
          </HStack>
        </HStack>

        {tutor.bio && (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {tutor.bio}
          </Text>
        )}
        {footnote}
      </Card.Body>
      {/* Three buttons do not fit a phone's card: 'Poser une question' then takes a row of its own. */}
      <Card.Footer gap="2" pt="0" flexWrap="wrap">
        <Button flex="1 0 auto" variant="outline" size="sm" onClick={() => navigate(`/tutors/${tutor.id}`)}>
          Voir Profil
        </Button>
        {onBook && (
          <Button flex="1 0 auto" size="sm" onClick={() => onBook(tutor)}>
            Réserver
          </Button>
        )}
        {ask && <AskQuestionButton ask={ask} flex="1 0 auto" size="sm" />}
      </Card.Footer>
    </Card.Root>
  );
}
