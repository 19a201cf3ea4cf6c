import { courseOf } from '#shared/french';
import type { LessonSlot } from '#shared/lesson-slots';
import { packagesMessages } from '#shared/message-catalogue/packages';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { tutorsMessages } from '#shared/message-catalogue/tutors';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatAmount, formatFcfa } from '#shared/money';
import {
  PACKAGE_DURATIONS,
  PACKAGE_LESSONS_PER_WEEK_MAX,
  PACKAGE_LESSONS_PER_WEEK_MIN,
  PACKAGE_START_HORIZON_DAYS,
  PACKAGE_WEEKS,
  packageLessonStarts,
  packagePrice,
  type WeeklySlot,
} from '#shared/package-schemas';
import { BOOKING_DEFAULT_LEVEL, BOOKING_DEFAULT_SUBJECT } from '#shared/payments';
import { Alert, Badge, Box, Button, Card, Field, Heading, HStack, Input, Separator, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { LuCalendarRange, LuCalendarX } from 'react-icons/lu';
import { SectionSpinner } from '@/components/ui/full-page-spinner';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { useAuth } from '@/lib/auth';
import { shortDayLabel, hoursLabel } from '@/lib/lesson-dates';
import { useTutorSlots } from '@/lib/tutor-slots';
import { dateAfter, keepOffered, startDateBounds, toggleWeeklySlot, WEEKDAY_NAMES, weeklyHours, weeklyOptions, weeklySlotLabel } from '../package-plan';

// The payment dialog's code (the dialog, the payment fields) comes when 'Payer le forfait' opens it (issue 34).
const PackagePaymentDialog = lazy(() => import('./package-payment-dialog').then((module) => ({ default: module.PackagePaymentDialog })));

/** What the section needs of the tutor (the signed-in profile). */
export interface PackageTutor {
  id: string;
  first_name: string;
  last_name: string;
  subjects: string[];
  levels: string[];
  hourly_rate: number | null;
  /** Issue 32 (the tutor's setting); absent before the profile carries it: no discount. */
  package_discount_percent?: number;
}

export const PACKAGE_SECTION_TITLE = 'Forfait mensuel';

/** The package a parent is composing, once complete: what the payment dialog sends and shows. */
export interface PackagePlan {
  tutorId: string;
  tutorName: string;
  subject: string;
  level: string;
  lessonsPerWeek: number;
  duration: 1 | 2;
  slots: WeeklySlot[];
  startDate: string;
  starts: string[];
  lessonPrice: number;
  total: number;
  saved: number;
  discountPercent: number;
}

/**
 * 'Forfait mensuel' on a tutor's page (issue 32): lessons per week (1–5), their length, one weekly
 * slot per lesson on distinct days among the tutor's free slots (the page's query: the next two
 * weeks), a start within 14 days, the price with the tutor's package discount, the 4 weeks' total
 * and what it saves, the lessons booked and the slots held — then the payment dialog. Every
 * control is a button or an input: Tab, Enter and Space.
 */
export function PackageSection({ tutor }: { tutor: PackageTutor }) {
  const { profile } = useAuth();
  const query = useTutorSlots(tutor.id);
  return (
    <Card.Root as="section" aria-labelledby="package-title" data-testid="package-section">
      <Card.Header>
        <HStack gap="2">
          <LuCalendarRange aria-hidden />
          <Heading as="h3" size="md" id="package-title">
            {PACKAGE_SECTION_TITLE}
          </Heading>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {PACKAGE_WEEKS} semaines de cours aux mêmes créneaux, payées en une fois. Les fonds restent en séquestre et sont versés cours par cours.
        </Text>
      </Card.Header>
      <Card.Body>
        {profile && profile.role !== 'parent' ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{packagesMessages.parentsOnly}</Alert.Title>
          </Alert.Root>
        ) : !tutor.hourly_rate ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{paymentsMessages.tutorNotBookable}</Alert.Title>
          </Alert.Root>
        ) : query.isPending ? (
          <Stack gap="3" role="status" aria-busy="true" aria-label={uiMessages.loading}>
            <Skeleton h="10" />
            <Skeleton h="24" />
          </Stack>
        ) : query.isError ? (
          <LoadError size="sm" title={tutorsMessages.slotsLoadFailure} onRetry={() => void query.refetch()} />
        ) : query.data.slots.length === 0 ? (
          <EmptyNotice icon={<LuCalendarX />} title={tutorsMessages.noFreeSlots} />
        ) : (
          <PackageForm tutor={tutor} hourlyRate={tutor.hourly_rate} free={query.data.slots} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function PackageForm({ tutor, hourlyRate, free }: { tutor: PackageTutor; hourlyRate: number; free: LessonSlot[] }) {
  const id = useId();
  const [now] = useState(() => new Date());
  const bounds = startDateBounds(now);
  const [lessonsPerWeek, setLessonsPerWeek] = useState(PACKAGE_LESSONS_PER_WEEK_MIN);
  const [duration, setDuration] = useState<1 | 2>(PACKAGE_DURATIONS[0]);
  const [picked, setPicked] = useState<WeeklySlot[]>([]);
  // Tomorrow by default: today's free hours may be too close to start.
  const [startDate, setStartDate] = useState(() => dateAfter(now, 1));
  const [paying, setPaying] = useState(false);
  const [tried, setTried] = useState(false);

  const options = weeklyOptions(free, duration);
  const slots = keepOffered(picked, options).slice(0, lessonsPerWeek);
  const complete = slots.length === lessonsPerWeek;
  const startValid = startDate >= bounds.min && startDate <= bounds.max;
  const discount = tutor.package_discount_percent ?? 0;
  const lessons = PACKAGE_WEEKS * lessonsPerWeek;
  const price = packagePrice(hourlyRate, duration, discount, lessons);
  const starts = complete && startValid ? packageLessonStarts(startDate, slots) : [];
  const tutorName = `${tutor.first_name} ${tutor.last_name}`.trim();

  const slotsError = tried && !complete ? (slots.length === 0 ? packagesMessages.slotsRequired : packagesMessages.slotsCountMismatch) : undefined;

  const plan: PackagePlan | null =
    complete && startValid
      ? {
          tutorId: tutor.id,
          tutorName,
          subject: tutor.subjects[0] ?? BOOKING_DEFAULT_SUBJECT,
          level: tutor.levels[0] ?? BOOKING_DEFAULT_LEVEL,
          lessonsPerWeek,
          duration,
          slots,
          startDate,
          starts,
          lessonPrice: price.lesson.total,
          total: price.total,
          saved: price.saved,
          discountPercent: discount,
        }
      : null;

  return (
    <Stack gap="5">
      <ChoiceGroup label="Cours par semaine" id={`${id}-per-week`}>
        <SimpleGrid columns={5} gap="2" maxW="sm">
          {Array.from({ length: PACKAGE_LESSONS_PER_WEEK_MAX - PACKAGE_LESSONS_PER_WEEK_MIN + 1 }, (_, i) => i + PACKAGE_LESSONS_PER_WEEK_MIN).map((count) => (
            <Button
              key={count}
              type="button"
              size="sm"
              variant={count === lessonsPerWeek ? 'solid' : 'outline'}
              aria-pressed={count === lessonsPerWeek}
              aria-label={`${count} cours par semaine`}
              onClick={() => setLessonsPerWeek(count)}
            >
              {count}
            </Button>
          ))}
        </SimpleGrid>
      </ChoiceGroup>

      <ChoiceGroup label="Durée de chaque cours" id={`${id}-duration`}>
        <HStack gap="2">
          {PACKAGE_DURATIONS.map((hours) => (
            <Button
              key={hours}
              type="button"
              size="sm"
              variant={hours === duration ? 'solid' : 'outline'}
              aria-pressed={hours === duration}
              onClick={() => setDuration(hours)}
            >
              {hours} h
            </Button>
          ))}
        </HStack>
      </ChoiceGroup>

      <Box role="group" aria-labelledby={`${id}-slots`} aria-describedby={`${id}-slots-help`}>
        <Text id={`${id}-slots`} fontWeight="medium">
          Créneaux de la semaine (heure d'Abidjan)
        </Text>
        <Text id={`${id}-slots-help`} fontSize="sm" color={slotsError ? 'fg.error' : 'fg.muted'} mb="3" role={slotsError ? 'alert' : undefined}>
          {slotsError ?? `Choisissez ${lessonsPerWeek} créneau${lessonsPerWeek > 1 ? 'x' : ''}, un par jour, parmi les heures libres du répétiteur (${slots.length}/${lessonsPerWeek}).`}
        </Text>
        {options.size === 0 ? (
          <Text color="fg.muted">Aucun créneau libre de {duration} h d'affilée : choisissez des cours d'une heure.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3">
            {[...options].map(([weekday, hours]) => {
              const chosen = slots.find((slot) => slot.weekday === weekday);
              return (
                <Stack as="li" key={weekday} gap="1" data-weekday={weekday}>
                  <Text fontWeight="semibold" fontSize="sm">
                    {WEEKDAY_NAMES[weekday - 1]}
                    {chosen ? ' ✓' : ''}
                  </Text>
                  <Wrap gap="2">
                    {hours.map((hour) => {
                      const pressed = chosen?.hour === hour;
                      const full = !chosen && slots.length >= lessonsPerWeek;
                      return (
                        <Button
                          key={hour}
                          type="button"
                          size="xs"
                          variant={pressed ? 'solid' : 'outline'}
                          colorPalette="orange"
                          fontVariantNumeric="tabular-nums"
                          aria-pressed={pressed}
                          aria-label={weeklySlotLabel({ weekday, hour }, duration)}
                          // Not disabled: a full week says why instead of ignoring the tap.
                          aria-disabled={full || undefined}
                          opacity={full ? 0.5 : undefined}
                          onClick={() => {
                            setTried(false);
                            if (full) return setTried(true);
                            setPicked(toggleWeeklySlot(slots, { weekday, hour }, lessonsPerWeek));
                          }}
                        >
                          {weeklyHours({ weekday, hour }, duration)}
                        </Button>
                      );
                    })}
                  </Wrap>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Box>

      <Field.Root invalid={!startValid} maxW="xs">
        <Field.Label>Date de début</Field.Label>
        <Input type="date" value={startDate} min={bounds.min} max={bounds.max} onChange={(event) => setStartDate(event.target.value)} />
        {startValid ? <Field.HelperText>Dans les {PACKAGE_START_HORIZON_DAYS} prochains jours</Field.HelperText> : <Field.ErrorText>{packagesMessages.startDateRange}</Field.ErrorText>}
      </Field.Root>

      <Card.Root variant="subtle" size="sm">
        <Card.Body gap="2" aria-live="polite" data-testid="package-summary">
          <SummaryLine
            label="Prix par cours"
            value={
              <>
                {formatFcfa(price.lesson.total)}
                {discount > 0 && (
                  <Badge ms="2" colorPalette="green" variant="subtle">
                    −{discount} %
                  </Badge>
                )}
              </>
            }
          />
          {discount > 0 && <SummaryLine label="Sans forfait" value={formatFcfa(hourlyRate * duration)} muted />}
          <SummaryLine label={`${lessons} cours sur ${PACKAGE_WEEKS} semaines`} value={`${lessons * duration} h réservées`} muted />
          <Separator />
          <SummaryLine label={`Total pour ${PACKAGE_WEEKS} semaines`} value={formatFcfa(price.total)} strong />
          {price.saved > 0 && <SummaryLine label="Vous économisez" value={formatFcfa(price.saved)} />}
          {starts.length > 0 && (
            <Box>
              <Text fontSize="sm" color="fg.muted" mb="1">
                Les {starts.length} cours réservés :
              </Text>
              <Wrap as="ul" listStyleType="none" gap="1" fontSize="xs" data-testid="package-starts">
                {starts.map((start) => (
                  <Badge as="li" key={start} variant="outline" fontVariantNumeric="tabular-nums">
                    {shortDayLabel(start.slice(0, 10))} {hoursLabel(start, new Date(Date.parse(start) + duration * 3_600_000).toISOString())}
                  </Badge>
                ))}
              </Wrap>
            </Box>
          )}
        </Card.Body>
      </Card.Root>

      <Button
        size="lg"
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        onClick={() => {
          setTried(true);
          if (plan) setPaying(true);
        }}
      >
        Payer le forfait · {formatAmount(price.total)} FCFA
      </Button>
      {plan && paying && (
        <Suspense fallback={<SectionSpinner />}>
          <PackagePaymentDialog
            plan={plan}
            courseLabel={`${courseOf(plan.subject)} avec ${tutorName}`}
            onClose={() => setPaying(false)}
            onSlotsTaken={() => setPicked([])}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function ChoiceGroup({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Box role="group" aria-labelledby={id}>
      <Text id={id} fontWeight="medium" mb="2">
        {label}
      </Text>
      {children}
    </Box>
  );
}

function SummaryLine({ label, value, strong, muted }: { label: string; value: ReactNode; strong?: boolean; muted?: boolean }) {
  return (
    <HStack justify="space-between" align="baseline" gap="3" fontWeight={strong ? 'bold' : undefined} fontSize={strong ? 'md' : 'sm'}>
      <Text color={strong ? undefined : 'fg.muted'} minW="0">
        {label}
      </Text>
      <Text textAlign="end" whiteSpace="nowrap" color={muted ? 'fg.muted' : undefined}>
        {value}
      </Text>
    </HStack>
  );
}
