import { EXPERIENCE_LABELS, type Experience } from '#shared/constants';
import { deBefore } from '#shared/french';
import { tutorsMessages } from '#shared/message-catalogue/tutors';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import { zoneLabel } from '#shared/search';
import { type TutorLessonStats } from '#shared/tutor-profile-schemas';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  SkeletonCircle,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCalendarCheck, LuGraduationCap, LuMapPin } from 'react-icons/lu';
import { AskQuestionButton, TutorPhoto, type TutorCardAsk } from '@/components/tutor-card';
import { LoadError } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { useTutorSlots } from '@/lib/tutor-slots';
import { listedName, tooManyRequestsMessage, type TutorPageProfile } from '@/lib/visitor-tutors';
import { useTutorProfile } from '../api/tutor-profile';
import { lessonFigures } from '../lesson-stats';
import { responseFigures } from '../response-stats';
import { FreeSlotsCard } from './free-slots-card';
import { ShareTutorButton } from './share-tutor-button';

/** The profile's avatar: `boxSize="24"`, 96 CSS pixels. */
const PROFILE_PHOTO_SIZE = 96;

export const TUTOR_PROFILE_TITLE = 'Profil du répétiteur';

interface TutorProfileViewProps {
  id: string;
  /** A visitor (issue 17): the public profile ('Yao K.'), no free slots (they need an account). */
  visitor: boolean;
  /** 'Réserver': the page decides what booking does (the booking dialog, or 'Connexion requise'). */
  onBook: (tutor: TutorPageProfile) => void;
  /** The favourite's button, when the page offers one (a parent's, a visitor's). */
  renderFavorite?: (tutor: TutorPageProfile) => ReactNode;
  /** 'Poser une question' (issue 31), for those who may ask (a parent, a visitor). */
  askOf?: (tutor: TutorPageProfile) => TutorCardAsk | undefined;
  /** 'Forfait mensuel' (issue 32), next to the booking: the page gives it (another feature's). */
  renderPackage?: (tutor: TutorPageProfile) => ReactNode;
}


/** A tutor's profile (the 'Voir Profil' target, and the link a parent shares). */
export function TutorProfileView({ id, visitor, onBook, renderFavorite, askOf, renderPackage }: TutorProfileViewProps) {
  const query = useTutorProfile(id, visitor);
  // Asked at the same time as the profile, not after it: the slots' card reads the same query.
  useTutorSlots(id, !visitor);
  if (query.isPending) return <TutorProfileSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <LoadError
        title={notFound ? tutorsMessages.notFound : tutorsMessages.loadFailure}
        description={tooManyRequestsMessage(query.error)}
        onRetry={notFound ? undefined : () => void query.refetch()}
      />
    );
  }
  return <TutorProfileCard tutor={query.data} visitor={visitor} onBook={onBook} renderFavorite={renderFavorite} askOf={askOf} renderPackage={renderPackage} />;
}

function TutorProfileCard({ tutor, visitor, onBook, renderFavorite, askOf, renderPackage }: { tutor: TutorPageProfile } & Omit<TutorProfileViewProps, 'id'>) {
  // The full name signed in; the first name and the initial to a visitor.
  const fullName = listedName(tutor);
  const availableDays = tutor.availability_schedule.filter((day) => day.available && day.slots.length > 0);
  const ask = askOf?.(tutor);

  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'center', sm: 'flex-start' }}>
            <Avatar.Root size="2xl" boxSize="24" colorPalette="orange">
              <Avatar.Fallback name={fullName} />
              <TutorPhoto url={tutor.profile_image_url} variants={tutor.profile_image_variants} size={PROFILE_PHOTO_SIZE} alt={`Photo ${deBefore(fullName)}`} />
            </Avatar.Root>
            <Stack gap="2" flex="1" minW="0" textAlign={{ base: 'center', sm: 'start' }} align={{ base: 'center', sm: 'flex-start' }}>
              <Heading as="h2" size="2xl">
                {fullName}
              </Heading>
              {tutor.is_verified && (
                <Badge colorPalette="green" size="md">
                  ✔️ Vérifié
                </Badge>
              )}
              <HStack gap="1" color="fg.muted" fontSize="sm">
                <LuMapPin />
                <Text>{zoneLabel(tutor.location) ?? 'Zone non spécifiée'}</Text>
              </HStack>
              <LessonFiguresLine stats={tutor.lesson_stats} />
              <ResponseFiguresLine tutor={tutor} />
              <Text fontSize="xl" fontWeight="bold" color="orange.fg">
                {tutor.hourly_rate === null ? tutorsMessages.noRate : formatFcfa(tutor.hourly_rate)}
                <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                  {' '}
                  /h
                </Text>
              </Text>
            </Stack>
            <Stack gap="2" width={{ base: 'full', sm: 'auto' }}>
              <Button size="lg" onClick={() => onBook(tutor)}>
                <LuCalendarCheck />
                Réserver
              </Button>
              {ask && <AskQuestionButton ask={ask} size="lg" />}
            </Stack>
          </Stack>
          <HStack gap="2" mt="4" justify={{ base: 'center', sm: 'flex-end' }} wrap="wrap">
            {renderFavorite?.(tutor)}
            <ShareTutorButton tutor={tutor} name={fullName} />
          </HStack>
        </Card.Body>
      </Card.Root>

      {renderPackage?.(tutor)}

      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <Section title="Matières">
              <Wrap gap="2">
                {tutor.subjects.map((subject) => (
                  <Badge key={subject} colorPalette="orange" variant="subtle">
                    {subject}
                  </Badge>
                ))}
              </Wrap>
            </Section>
            <Section title="Niveaux">
              <Wrap gap="2">
                {tutor.levels.map((level) => (
                  <Badge key={level} variant="outline">
                    {level}
                  </Badge>
                ))}
              </Wrap>
            </Section>
            {tutor.bio && (
              <Section title="Présentation">
                <Text whiteSpace="pre-line">{tutor.bio}</Text>
              </Section>
            )}
            {/* The short facts: side by side from a tablet's width, left-aligned like the sections around them. */}
            <SimpleGrid columns={{ base: 1, md: tutor.diploma_count > 0 ? 3 : 2 }} gap="5">
              <Section title="Formation">
                <Text>{tutor.education || '—'}</Text>
              </Section>
              <Section title="Expérience">
                <Text>{tutor.experience ? (EXPERIENCE_LABELS[tutor.experience as Experience] ?? tutor.experience) : '—'}</Text>
              </Section>
              {/* A tutor who gave no diploma: nothing to say (never '0 diplôme'). */}
              {tutor.diploma_count > 0 && (
                <Section title="Diplômes">
                  <HStack gap="1">
                    <LuGraduationCap aria-hidden />
                    <Text>
                      {tutor.diploma_count} diplôme{tutor.diploma_count > 1 ? 's' : ''}
                    </Text>
                  </HStack>
                </Section>
              )}
            </SimpleGrid>
            {tutor.teaching_method && (
              <Section title="Méthode pédagogique">
                <Text whiteSpace="pre-line">{tutor.teaching_method}</Text>
              </Section>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Heading as="h3" size="md">
            Disponibilités
          </Heading>
        </Card.Header>
        <Card.Body>
          {availableDays.length === 0 ? (
            <Text color="fg.muted">Aucune disponibilité indiquée</Text>
          ) : (
            <Stack gap="2" as="ul" listStyleType="none">
              {tutor.availability_schedule.map((day) => (
                <HStack as="li" key={day.day} justify="space-between" gap="3" wrap="wrap">
                  <Text fontWeight="medium" minW="24">
                    {day.day}
                  </Text>
                  <Text color={day.available && day.slots.length ? 'fg' : 'fg.muted'} textAlign="end">
                    {day.available && day.slots.length
                      ? day.slots.map((slot) => `${slot.start} – ${slot.end}`).join(', ')
                      : 'Indisponible'}
                  </Text>
                </HStack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      {/* The free slots come from a signed-in route: a visitor sees the weekly hours above. */}
      {!visitor && <FreeSlotsCard tutorId={tutor.id} />}
    </Stack>
  );
}

/** The cancellation rate (once a lesson was accepted) and the no-shows reported. */
function LessonFiguresLine({ stats }: { stats: TutorLessonStats }) {
  const figures = lessonFigures(stats);
  return (
    <Stack gap="0" fontSize="sm" color="fg.muted" data-testid="lesson-figures">
      {figures.cancellationRate && <Text>{figures.cancellationRate}</Text>}
      <Text>{figures.noShows}</Text>
    </Stack>
  );
}

/** 'Répond en général en 3 h' and 'Taux de réponse : 92 %', from real questions; nothing while too few. */
function ResponseFiguresLine({ tutor }: { tutor: TutorPageProfile }) {
  const figures = responseFigures(tutor);
  if (!figures) return null;
  return (
    <Stack gap="0" fontSize="sm" color="fg.muted" data-testid="response-figures">
      <Text>{figures.responseTime}</Text>
      <Text>{figures.responseRate}</Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm" color="fg.muted">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function TutorProfileSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={uiMessages.loading}>
      <Card.Root>
        <Card.Body>
          <HStack gap="4">
            <SkeletonCircle size="24" />
            <Stack flex="1" gap="3">
              <Skeleton h="6" width="60%" />
              <Skeleton h="4" width="30%" />
              <Skeleton h="5" width="40%" />
            </Stack>
          </HStack>
        </Card.Body>
      </Card.Root>
      <Skeleton h="48" rounded="xl" />
      <Skeleton h="40" rounded="xl" />
    </Stack>
  );
}
