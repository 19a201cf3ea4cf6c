import { tutorsMessages } from '#shared/message-catalogue/tutors';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { LoadError } from '@/components/ui/page-state';
import { frenchMoment, shortDayLabel, hoursLabel } from '@/lib/lesson-dates';
import { useTutorSlots } from '@/lib/tutor-slots';
import { lessonStartsWithin } from '../package-wording';

const HOUR = 3_600_000;

interface SlotChoiceDialogProps {
  title: string;
  description: string;
  tutorId: string;
  hours: number;
  /** The latest start allowed (ISO). */
  until: string;
  confirmLabel: string;
  busy: boolean;
  /** The API's refusal, said in the dialog. */
  error?: string | null;
  /** The slots (one per hour) of the lesson chosen. */
  onConfirm: (slots: string[]) => void;
  onClose: () => void;
}

/**
 * A free slot of a tutor for one lesson of `hours` hours, no later than `until`: a package
 * credit rebooked (the parent), or a package lesson moved off a day off (the tutor).
 */
export function SlotChoiceDialog({ title, description, tutorId, hours, until, confirmLabel, busy, error, onConfirm, onClose }: SlotChoiceDialogProps) {
  const query = useTutorSlots(tutorId);
  const [chosen, setChosen] = useState<string | null>(null);
  const starts = query.data ? lessonStartsWithin(query.data.slots, hours, until) : [];
  return (
    <DialogFrame
      open
      onClose={() => !busy && onClose()}
      title={title}
      closeButton={busy ? 'disabled' : true}
      rootProps={{ size: { base: 'full', md: 'md' }, scrollBehavior: 'inside' }}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Annuler
          </Button>
          <Button
            disabled={!chosen}
            loading={busy}
            onClick={() => chosen && onConfirm(Array.from({ length: hours }, (_, i) => new Date(Date.parse(chosen) + i * HOUR).toISOString()))}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{description}</Text>
        <Text fontSize="sm" color="fg.muted">
          Au plus tard le {frenchMoment(until)} · heure d'Abidjan
        </Text>
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {query.isPending ? (
          <Stack gap="2" role="status" aria-busy="true" aria-label={uiMessages.loading}>
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Stack>
        ) : query.isError ? (
          <LoadError size="sm" title={tutorsMessages.slotsLoadFailure} onRetry={() => void query.refetch()} />
        ) : starts.length === 0 ? (
          <Text color="fg.muted">{tutorsMessages.noFreeSlots}</Text>
        ) : (
          <SimpleGrid role="group" aria-label="Créneaux libres" columns={{ base: 1, sm: 2 }} gap="2">
            {starts.map((start) => (
              <Button
                key={start}
                type="button"
                size="sm"
                variant={chosen === start ? 'solid' : 'outline'}
                colorPalette="orange"
                aria-pressed={chosen === start}
                fontVariantNumeric="tabular-nums"
                onClick={() => setChosen(start)}
              >
                {shortDayLabel(start.slice(0, 10))} · {hoursLabel(start, new Date(Date.parse(start) + hours * HOUR).toISOString())}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </DialogFrame>
  );
}
