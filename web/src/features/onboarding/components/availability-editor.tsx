import { SLOT_TIMES, type WeekDay } from '#shared/constants';
import { addSlot, canAddSlot, removeSlot, setDayAvailable, type AvailabilityEntry } from '#shared/tutor-profile-schemas';
import { Badge, Button, Card, HStack, IconButton, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { Checkbox } from '@/components/chakra/checkbox';
import { useState } from 'react';
import { LuPlus, LuX } from 'react-icons/lu';

interface AvailabilityEditorProps {
  value: AvailabilityEntry[];
  onChange: (week: AvailabilityEntry[]) => void;
}

/** Weekly availability (spec §5): one card per day, hourly slots from 08:00 to 21:00. */
export function AvailabilityEditor({ value, onChange }: AvailabilityEditorProps) {
  return (
    <Stack gap="3">
      {value.map((entry) => (
        <DayCard key={entry.day} entry={entry} week={value} onChange={onChange} />
      ))}
    </Stack>
  );
}

function DayCard({ entry, week, onChange }: { entry: AvailabilityEntry; week: AvailabilityEntry[]; onChange: (w: AvailabilityEntry[]) => void }) {
  const [start, setStart] = useState('18:00');
  const [end, setEnd] = useState('20:00');
  const day = entry.day as WeekDay;
  const slot = { start, end };
  const addable = canAddSlot(week, day, slot);

  return (
    <Card.Root variant="outline" size="sm" data-day={day}>
      <Card.Body>
        <Stack gap="3">
          <Checkbox.Root
            checked={entry.available}
            onCheckedChange={({ checked }) => onChange(setDayAvailable(week, day, checked === true))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="semibold">{day}</Checkbox.Label>
          </Checkbox.Root>
          {entry.available ? (
            <>
              <Wrap gap="2">
                {entry.slots.map((s, index) => (
                  <Badge key={`${s.start}-${s.end}`} size="lg" variant="subtle" colorPalette="orange" pe="1">
                    {s.start} – {s.end}
                    <IconButton
                      aria-label={`Retirer le créneau ${s.start} – ${s.end} du ${day}`}
                      size="2xs"
                      variant="ghost"
                      onClick={() => onChange(removeSlot(week, day, index))}
                    >
                      <LuX />
                    </IconButton>
                  </Badge>
                ))}
                {entry.slots.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    Aucun créneau
                  </Text>
                )}
              </Wrap>
              <HStack gap="2" wrap="wrap">
                <TimeSelect label={`Début (${day})`} value={start} onChange={setStart} />
                <Text aria-hidden>–</Text>
                <TimeSelect label={`Fin (${day})`} value={end} onChange={setEnd} />
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!addable}
                  onClick={() => onChange(addSlot(week, day, slot))}
                  aria-label={`Ajouter un créneau le ${day}`}
                >
                  <LuPlus />
                  Ajouter
                </Button>
              </HStack>
              {end <= start && (
                <Text fontSize="xs" color="fg.error">
                  L'heure de fin doit être après l'heure de début
                </Text>
              )}
            </>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Indisponible
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function TimeSelect({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <NativeSelect.Root size="sm" width="24">
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {SLOT_TIMES.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
