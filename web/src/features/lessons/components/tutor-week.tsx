import { courseOf } from '#shared/french';
import { abidjanDate } from '#shared/lesson-slots';
import type { LessonView } from '#shared/lesson-schemas';
import { Box, Button, Card, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { STATUS_PALETTE } from '@/components/money/transaction-status-badge';
import { frenchDate, frenchDayLabel, hoursLabel, shortDayLabel } from '@/lib/lesson-dates';
import { addDays, gridHours, gridPlacement, lessonsOfWeek, mondayOf } from '../lesson-week';

/** One row per hour on the desktop grid. */
const HOUR_ROW = '3rem';
const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The tutor's week (issue 15, point 6): the lessons asked or confirmed, at their Abidjan hours, one
 * week at a time. A list of the seven days on phones; a grid of hours by days from 768 px. Each
 * lesson links to its card below (`?lesson=<id>`).
 */
export function TutorWeek({ lessons, today = abidjanDate(new Date()) }: { lessons: readonly LessonView[]; today?: string }) {
  const [monday, setMonday] = useState(() => mondayOf(today));
  const days = lessonsOfWeek(lessons, monday);
  const sunday = addDays(monday, 6);
  const count = days.reduce((total, day) => total + day.lessons.length, 0);
  const thisWeek = monday === mondayOf(today);

  return (
    <Card.Root as="section" aria-labelledby="tutor-week-title" data-testid="tutor-week">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Stack gap="0">
            <Heading as="h2" size="md" id="tutor-week-title">
              Ma semaine
            </Heading>
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              Du {frenchDayLabel(monday).toLowerCase()} au {frenchDate(sunday)} · {count === 0 ? 'aucun cours' : `${count} cours`} · heure d'Abidjan
            </Text>
          </Stack>
          <HStack gap="2">
            <IconButton size="sm" variant="outline" aria-label="Semaine précédente" onClick={() => setMonday(addDays(monday, -7))}>
              <LuChevronLeft />
            </IconButton>
            <Button size="sm" variant="outline" disabled={thisWeek} onClick={() => setMonday(mondayOf(today))}>
              Cette semaine
            </Button>
            <IconButton size="sm" variant="outline" aria-label="Semaine suivante" onClick={() => setMonday(addDays(monday, 7))}>
              <LuChevronRight />
            </IconButton>
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <DayList days={days} today={today} />
        <WeekGrid days={days} today={today} />
      </Card.Body>
    </Card.Root>
  );
}

type Day = { date: string; lessons: LessonView[] };

/** Phones: the seven days one under the other, each with its lessons or 'Aucun cours'. */
function DayList({ days, today }: { days: Day[]; today: string }) {
  return (
    <Stack as="ul" listStyleType="none" gap="2" hideFrom="md" data-testid="tutor-week-list">
      {days.map((day) => (
        <Stack as="li" key={day.date} gap="1" data-date={day.date}>
          {/* A day without lessons takes one line. */}
          <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
            <Text fontWeight="semibold" color={day.date === today ? 'orange.fg' : undefined}>
              {frenchDayLabel(day.date)}
              {day.date === today ? " (aujourd'hui)" : ''}
            </Text>
            {day.lessons.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                Aucun cours
              </Text>
            )}
          </Flex>
          {day.lessons.map((lesson) => (
            <LessonChip key={lesson.id} lesson={lesson} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** From 768 px: hours down, days across; a lesson spans its hours. */
function WeekGrid({ days, today }: { days: Day[]; today: string }) {
  const { first, last } = gridHours(days.flatMap((day) => day.lessons));
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  return (
    <Box
      hideBelow="md"
      display="grid"
      gridTemplateColumns="3.5rem repeat(7, minmax(0, 1fr))"
      gridTemplateRows={`auto repeat(${hours.length}, ${HOUR_ROW})`}
      columnGap="1"
      data-testid="tutor-week-grid"
    >
      <Box />
      {days.map((day, column) => (
        <Text
          key={day.date}
          gridRow="1"
          gridColumn={column + 2}
          fontSize="sm"
          fontWeight="semibold"
          textAlign="center"
          pb="2"
          color={day.date === today ? 'orange.fg' : undefined}
          aria-current={day.date === today ? 'date' : undefined}
        >
          {shortDayLabel(day.date)}
        </Text>
      ))}
      {hours.map((hour, row) => (
        <Text key={hour} gridRow={row + 2} gridColumn="1" fontSize="xs" color="fg.muted" borderTopWidth="1px" pt="0.5" fontVariantNumeric="tabular-nums">
          {pad(hour)}
        </Text>
      ))}
      {days.map((day, column) =>
        hours.map((hour, row) => <Box key={`${day.date}-${hour}`} gridRow={row + 2} gridColumn={column + 2} borderTopWidth="1px" aria-hidden="true" />),
      )}
      {days.flatMap((day, column) =>
        day.lessons.map((lesson) => {
          const { row, span } = gridPlacement(lesson, first);
          return (
            <Box key={lesson.id} gridRow={`${row + 2} / span ${span}`} gridColumn={column + 2} py="0.5" minW="0" zIndex="1">
              <LessonChip lesson={lesson} compact />
            </Box>
          );
        }),
      )}
    </Box>
  );
}

/** A lesson on the calendar: its hours, subject and parent; a link to its card. */
function LessonChip({ lesson, compact = false }: { lesson: LessonView; compact?: boolean }) {
  const palette = STATUS_PALETTE[lesson.status];
  return (
    <Box
      asChild
      display="block"
      h={compact ? 'full' : undefined}
      bg={`${palette}.subtle`}
      color={`${palette}.fg`}
      borderStartWidth="3px"
      borderColor={`${palette}.solid`}
      borderStyle={lesson.status === 'requested' ? 'dashed' : 'solid'}
      rounded="sm"
      px="2"
      py="1"
      fontSize={compact ? 'xs' : 'sm'}
      overflow="hidden"
      _hover={{ textDecoration: 'underline' }}
      focusVisibleRing="outside"
      data-testid="week-lesson"
    >
      <RouterLink to={`?lesson=${lesson.id}`}>
        <Text as="span" display="block" fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {hoursLabel(lesson.start, lesson.end)}
        </Text>
        <Text as="span" display="block" truncate={compact}>
          {courseOf(lesson.subject)} · {lesson.parent_name}
        </Text>
        <Text as="span" display="block" truncate={compact}>
          {lesson.status_label}
        </Text>
      </RouterLink>
    </Box>
  );
}
