import type { LessonSlot } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { Badge, Box, Card, Heading, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuCalendarX } from 'react-icons/lu';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { frenchDayLabel } from '@/lib/lesson-dates';
import { slotsByDay } from '@/lib/slot-selection';
import { useTutorSlots } from '@/lib/tutor-slots';

export const FREE_SLOTS_TITLE = 'Créneaux libres (2 semaines)';

/** '09:00–10:00': Abidjan time is UTC, whatever the browser's time zone. */
const hours = (slot: LessonSlot) => `${slot.start.slice(11, 16)}–${slot.end.slice(11, 16)}`;

/** The tutor page's free slots of the next two weeks (issue 15), Abidjan time. */
export function FreeSlotsCard({ tutorId }: { tutorId: string }) {
  const query = useTutorSlots(tutorId);
  return (
    <Card.Root as="section" aria-labelledby="free-slots-title">
      <Card.Header>
        <Heading as="h3" size="md" id="free-slots-title">
          {FREE_SLOTS_TITLE}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Heure d'Abidjan
        </Text>
      </Card.Header>
      <Card.Body>
        {query.isPending ? (
          <Stack gap="3" role="status" aria-busy="true" aria-label={messages.ui.loading}>
            <Skeleton h="5" width="40%" />
            <Skeleton h="8" />
            <Skeleton h="5" width="35%" />
            <Skeleton h="8" />
          </Stack>
        ) : query.isError ? (
          <LoadError size="sm" title={messages.tutors.slotsLoadFailure} onRetry={() => void query.refetch()} />
        ) : query.data.slots.length === 0 ? (
          <EmptyNotice icon={<LuCalendarX />} title={messages.tutors.noFreeSlots} />
        ) : (
          <Box as="ul" listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            {slotsByDay(query.data.slots).map((day) => (
              <Stack as="li" key={day.date} gap="2" data-date={day.date}>
                <Text fontWeight="semibold">{frenchDayLabel(day.date)}</Text>
                <Wrap gap="2">
                  {day.slots.map((slot) => (
                    <Badge key={slot.start} size="md" variant="subtle" colorPalette="orange" fontVariantNumeric="tabular-nums">
                      {hours(slot)}
                    </Badge>
                  ))}
                </Wrap>
              </Stack>
            ))}
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
