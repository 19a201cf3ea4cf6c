import type { LessonSlot } from '#shared/lesson-slots';
import { tutorsMessages } from '#shared/message-catalogue/tutors';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Badge, Box, Button, Card, Heading, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LuCalendarX, LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { frenchDayLabel } from '@/lib/lesson-dates';
import { slotsByDay } from '@/lib/slot-selection';
import { useTutorSlots } from '@/lib/tutor-slots';
import { FREE_SLOTS_FIRST_DAYS } from '../free-days';

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
          <Stack gap="3" role="status" aria-busy="true" aria-label={uiMessages.loading}>
            <Skeleton h="5" width="40%" />
            <Skeleton h="8" />
            <Skeleton h="5" width="35%" />
            <Skeleton h="8" />
          </Stack>
        ) : query.isError ? (
          <LoadError size="sm" title={tutorsMessages.slotsLoadFailure} onRetry={() => void query.refetch()} />
        ) : query.data.slots.length === 0 ? (
          <EmptyNotice icon={<LuCalendarX />} title={tutorsMessages.noFreeSlots} />
        ) : (
          <FreeDays slots={query.data.slots} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The free days, the next FREE_SLOTS_FIRST_DAYS first; 'Voir plus' shows the others (a disclosure
 * button: `aria-expanded`, `aria-controls`), then takes the focus to the first day it revealed, so
 * that a keyboard or a screen reader goes on from there; 'Voir moins' folds them again.
 */
function FreeDays({ slots }: { slots: readonly LessonSlot[] }) {
  const days = slotsByDay(slots);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const firstRevealed = useRef<HTMLDivElement>(null);
  const more = days.length - FREE_SLOTS_FIRST_DAYS;
  const shown = expanded ? days : days.slice(0, FREE_SLOTS_FIRST_DAYS);
  return (
    <Stack gap="4">
      <Box as="ul" id={listId} listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
        {shown.map((day, index) => (
          <Stack
            as="li"
            key={day.date}
            gap="2"
            data-date={day.date}
            ref={index === FREE_SLOTS_FIRST_DAYS ? firstRevealed : undefined}
            tabIndex={index === FREE_SLOTS_FIRST_DAYS ? -1 : undefined}
            rounded="sm"
          >
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
      {more > 0 && (
        <Button
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => {
            if (expanded) return setExpanded(false);
            // Drawn at once, so that the focus can move to the first day revealed.
            flushSync(() => setExpanded(true));
            firstRevealed.current?.focus();
          }}
        >
          {expanded ? <LuChevronUp aria-hidden /> : <LuChevronDown aria-hidden />}
          {expanded ? 'Voir moins' : `Voir plus (${more} autre${more > 1 ? 's' : ''} jour${more > 1 ? 's' : ''})`}
        </Button>
      )}
    </Stack>
  );
}
