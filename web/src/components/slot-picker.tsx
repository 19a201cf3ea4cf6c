import { DURATION_MAX_HOURS } from '#shared/constants';
import type { LessonSlot } from '#shared/lesson-slots';
import { tutorsMessages } from '#shared/message-catalogue/tutors';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Box, Button, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LoadError } from '@/components/ui/page-state';
import { frenchDayLabel, hoursLabel, shortDayLabel } from '@/lib/lesson-dates';
import { slotsByDay, toggleSlot } from '@/lib/slot-selection';

interface SlotPickerProps {
  /** The tutor's free slots (undefined while loading). */
  slots: LessonSlot[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The starts chosen, in order. */
  selected: string[];
  onChange: (selected: string[]) => void;
  /** The form's error for the slots (none chosen), if any. */
  error?: string;
  disabled?: boolean;
  /** The longest lesson that may be chosen (a credit's lesson is 1 or 2 hours). */
  maxHours?: number;
}

/**
 * The lesson's hours, picked among the tutor's free slots (issue 15; shared by the booking dialog
 * and the trial guarantee's replacement lesson): one day at a time (the days
 * with free slots, as toggle buttons), then its slots as toggle buttons; consecutive slots make a
 * lesson of several hours (`toggleSlot`). Everything is a button: Tab, Enter and Space.
 */
export function SlotPicker({ slots, loading, failed, onRetry, selected, onChange, error, disabled, maxHours = DURATION_MAX_HOURS }: SlotPickerProps) {
  const id = useId();
  const days = slotsByDay(slots ?? []);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [tooLong, setTooLong] = useState(false);
  // The day of the slots chosen, else the one the parent opened, else the first with free slots.
  const selectedDay = selected[0] ? days.find((day) => day.slots.some((slot) => slot.start === selected[0]))?.date : undefined;
  const day = days.find((candidate) => candidate.date === (selectedDay ?? chosenDay)) ?? days[0];

  if (loading) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label={uiMessages.loading}>
        <Skeleton h="10" />
        <Skeleton h="10" />
      </Stack>
    );
  }
  if (failed) return <LoadError size="sm" title={tutorsMessages.slotsLoadFailure} onRetry={onRetry} />;
  if (!day) return null;

  const tap = (start: string) => {
    const next = toggleSlot(selected, start, day.slots, maxHours);
    setTooLong(Boolean(next.tooLong));
    onChange(next.selected);
  };

  return (
    <Stack gap="4" mt="2">
      <Box role="group" aria-labelledby={`${id}-days`}>
        <Text id={`${id}-days`} fontSize="sm" color="fg.muted" mb="2">
          Jour
        </Text>
        <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2">
          {days.map((candidate) => {
            const pressed = candidate.date === day.date;
            return (
              <Button
                key={candidate.date}
                type="button"
                size="sm"
                variant={pressed ? 'solid' : 'outline'}
                aria-pressed={pressed}
                disabled={disabled}
                data-date={candidate.date}
                onClick={() => {
                  if (pressed) return;
                  setChosenDay(candidate.date);
                  setTooLong(false);
                  onChange([]);
                }}
              >
                {shortDayLabel(candidate.date)}
              </Button>
            );
          })}
        </SimpleGrid>
      </Box>
      <Box role="group" aria-labelledby={`${id}-slots`}>
        <Heading as="h4" size="sm" id={`${id}-slots`} mb="2">
          {frenchDayLabel(day.date)}
        </Heading>
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2">
          {day.slots.map((slot) => {
            const pressed = selected.includes(slot.start);
            return (
              <Button
                key={slot.start}
                type="button"
                size="sm"
                variant={pressed ? 'solid' : 'outline'}
                colorPalette="orange"
                fontVariantNumeric="tabular-nums"
                aria-pressed={pressed}
                disabled={disabled}
                data-start={slot.start}
                onClick={() => tap(slot.start)}
              >
                {hoursLabel(slot.start, slot.end)}
              </Button>
            );
          })}
        </SimpleGrid>
      </Box>
      {tooLong ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          Un cours dure {maxHours} heure{maxHours > 1 ? 's' : ''} au maximum.
        </Text>
      ) : error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Touchez un créneau, puis les suivants pour un cours de plusieurs heures ({maxHours} au maximum).
        </Text>
      )}
    </Stack>
  );
}
