import type { AvailabilityException } from '#shared/lesson-slots';
import { onboardingMessages } from '#shared/message-catalogue/onboarding';
import { addException, availabilityExceptionSchema, MAX_AVAILABILITY_EXCEPTIONS } from '#shared/tutor-profile-schemas';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus, LuX } from 'react-icons/lu';
import * as z from 'zod/mini';
import { frenchDate } from '@/lib/lesson-dates';

interface DaysOffEditorProps {
  value: AvailabilityException[];
  onChange: (daysOff: AvailabilityException[]) => void;
}

/** Why a period off cannot be added, in French; null when it can. */
function problemOf(list: readonly AvailabilityException[], off: AvailabilityException): string | null {
  const parsed = z.safeParse(availabilityExceptionSchema, off);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? onboardingMessages.invalidDayOffDate;
  if (list.length >= MAX_AVAILABILITY_EXCEPTIONS) return onboardingMessages.tooManyDaysOff;
  return null;
}

const label = (off: AvailabilityException) =>
  off.start_date === off.end_date ? `Le ${frenchDate(off.start_date)}` : `Du ${frenchDate(off.start_date)} au ${frenchDate(off.end_date)}`;

/**
 * Days off (issue 15): whole days, both ends included, on which no slot is offered. The end may be
 * left empty for a single day.
 */
export function DaysOffEditor({ value, onChange }: DaysOffEditorProps) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const candidate = { start_date: start, end_date: end || start };
  const problem = start || end ? problemOf(value, candidate) : null;

  const add = () => {
    if (problemOf(value, candidate)) return;
    onChange(addException(value, candidate));
    setStart('');
    setEnd('');
  };

  return (
    <Stack gap="3" as="section" aria-labelledby="days-off-title">
      <Stack gap="1">
        <Text as="h3" id="days-off-title" fontWeight="semibold">
          Jours d'absence
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Vacances, déplacements : aucun créneau n'est proposé ces jours-là.
        </Text>
      </Stack>
      {value.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Aucun jour d'absence
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {value.map((off, index) => (
            <HStack as="li" key={`${off.start_date}-${off.end_date}`} justify="space-between" gap="2" borderWidth="1px" rounded="md" ps="3" pe="1" py="1">
              <Text fontSize="sm">{label(off)}</Text>
              <Button size="xs" variant="ghost" aria-label={`Retirer : ${label(off)}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                <LuX />
                Retirer
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <HStack gap="2" wrap="wrap" align="flex-end">
        <Field.Root width={{ base: 'full', sm: '44' }} invalid={problem === onboardingMessages.invalidDayOffDate}>
          <Field.Label>Du</Field.Label>
          <Input type="date" size="sm" value={start} onChange={(event) => setStart(event.currentTarget.value)} />
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '44' }} invalid={problem === onboardingMessages.dayOffEndBeforeStart}>
          <Field.Label>Au (inclus)</Field.Label>
          <Input type="date" size="sm" value={end} min={start || undefined} onChange={(event) => setEnd(event.currentTarget.value)} />
        </Field.Root>
        <Button size="sm" variant="outline" disabled={!start || problem !== null} onClick={add}>
          <LuPlus />
          Ajouter
        </Button>
      </HStack>
      {problem && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
