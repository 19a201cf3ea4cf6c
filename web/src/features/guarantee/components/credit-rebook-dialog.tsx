import type { CreditView } from '#shared/package-schemas';
import { courseOf } from '#shared/french';
import { packagesMessages } from '#shared/message-catalogue/packages';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { tutorsMessages } from '#shared/message-catalogue/tutors';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import type { TutorSummary } from '#shared/search';
import { Alert, Badge, Button, Card, Field, Flex, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuBadgeCheck, LuSearch, LuUsers } from 'react-icons/lu';
import { SlotPicker } from '@/components/slot-picker';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { notify } from '@/components/ui/notify';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { frenchMoment, lessonTimeLabel } from '@/lib/lesson-dates';
import { keepIfStillFree, lessonSpan } from '@/lib/slot-selection';
import { tutorSlotsKey, useTutorSlots } from '@/lib/tutor-slots';
import { useSpendCredit, useTutorsForSubject } from '../api/guarantee';

/** What the replacement flow needs of a credit (a CreditView, or the lesson just claimed). */
export type RebookCredit = Pick<CreditView, 'id' | 'reason' | 'amount' | 'tutor_id' | 'tutor_name' | 'subject' | 'level' | 'duration_hours'> &
  Partial<Pick<CreditView, 'rebook_until'>>;

/** The tutor the new lesson is booked with. */
interface ChosenTutor {
  id: string;
  name: string;
  hourly_rate: number | null;
  subjects: string[];
  levels: string[];
}

/** A lesson paid by a credit lasts 1 or 2 hours (`useCreditSchema`). */
const CREDIT_MAX_HOURS = 2;

type Step = 'tutor' | 'slot' | 'confirm';

interface CreditRebookDialogProps {
  credit: RebookCredit | null;
  onClose: () => void;
}

/**
 * Spending a credit on a new lesson: the trial guarantee's with another tutor (pick a tutor of the
 * same subject, then a free slot; a price at most the credit, the rest refunded), a package lesson's
 * with the same tutor (a free slot, same duration). Confirmed before anything is booked.
 */
export function CreditRebookDialog({ credit, onClose }: CreditRebookDialogProps) {
  if (!credit) return null;
  return <RebookFlow key={credit.id} credit={credit} onClose={onClose} />;
}

function RebookFlow({ credit, onClose }: { credit: RebookCredit; onClose: () => void }) {
  const otherTutor = credit.reason === 'guarantee';
  const [step, setStep] = useState<Step>(otherTutor ? 'tutor' : 'slot');
  const [tutor, setTutor] = useState<ChosenTutor | null>(
    otherTutor ? null : { id: credit.tutor_id, name: credit.tutor_name, hourly_rate: null, subjects: [credit.subject], levels: [credit.level] },
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const spend = useSpendCredit();
  const queryClient = useQueryClient();
  const slotsQuery = useTutorSlots(tutor?.id ?? '', Boolean(tutor));
  const selected = slotsQuery.data ? keepIfStillFree(picked, slotsQuery.data.slots) : picked;
  const span = lessonSpan(selected);
  const maxHours = otherTutor ? CREDIT_MAX_HOURS : Math.min(CREDIT_MAX_HOURS, credit.duration_hours);
  // Another tutor's price: their rate × the hours (a package credit books the same lesson again).
  const price = otherTutor && tutor?.hourly_rate ? tutor.hourly_rate * selected.length : otherTutor ? null : credit.amount;
  const tooDear = price !== null && price > credit.amount;
  const wrongLength = !otherTutor && selected.length > 0 && selected.length !== credit.duration_hours;
  const busy = spend.isPending;

  const chooseTutor = (next: ChosenTutor) => {
    setTutor(next);
    setPicked([]);
    setFailure(null);
    setStep('slot');
  };

  const submit = async () => {
    if (!tutor || selected.length === 0) return;
    setFailure(null);
    // The lesson keeps the credit's subject and level when the new tutor teaches them.
    const subject = tutor.subjects.includes(credit.subject) ? credit.subject : (tutor.subjects[0] ?? credit.subject);
    const level = tutor.levels.includes(credit.level) ? credit.level : (tutor.levels[0] ?? credit.level);
    try {
      await spend.mutateAsync({ id: credit.id, tutorId: tutor.id, slots: selected, ...(otherTutor ? { subject, level } : {}) });
      notify.success({ title: packagesMessages.creditUsed });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        // A slot taken meanwhile: say it, and show what is free now.
        setFailure(error.message || paymentsMessages.slotTaken);
        setPicked([]);
        setStep('slot');
        await queryClient.invalidateQueries({ queryKey: tutorSlotsKey(tutor.id) });
        return;
      }
      setFailure(error instanceof ApiRequestError ? error.message : uiMessages.networkFailure);
    }
  };

  const footer =
    step === 'tutor' ? (
      <Button variant="outline" onClick={onClose}>
        Plus tard
      </Button>
    ) : step === 'slot' ? (
      <>
        {otherTutor ? (
          <Button variant="outline" onClick={() => setStep('tutor')}>
            Autre répétiteur
          </Button>
        ) : (
          <Button variant="outline" onClick={onClose}>
            Plus tard
          </Button>
        )}
        <Button disabled={selected.length === 0 || tooDear || wrongLength} onClick={() => setStep('confirm')}>
          Continuer
        </Button>
      </>
    ) : (
      <>
        <Button variant="outline" onClick={() => setStep('slot')} disabled={busy}>
          Retour
        </Button>
        <Button colorPalette="orange" loading={busy} loadingText="Réservation…" onClick={() => void submit()}>
          Réserver avec mon crédit
        </Button>
      </>
    );

  return (
    <DialogFrame
      open
      onClose={() => !busy && onClose()}
      title={otherTutor ? 'Votre cours offert avec un autre répétiteur' : 'Réserver à nouveau ce cours'}
      closeButton={busy ? 'disabled' : true}
      rootProps={{ size: { base: 'full', md: 'lg' }, scrollBehavior: 'inside', placement: undefined }}
      positionerProps={{ px: undefined }}
      footer={footer}
    >
      <Stack gap="4" data-testid="credit-rebook">
        <Text fontSize="sm" color="fg.muted">
          {courseOf(credit.subject)} — {credit.level} · crédit de {formatFcfa(credit.amount)}
          {credit.rebook_until ? ` · à réserver avant le ${frenchMoment(credit.rebook_until)}` : ''}
        </Text>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        {step === 'tutor' && <TutorChoice credit={credit} onChoose={chooseTutor} />}
        {step === 'slot' && tutor && (
          <Stack gap="3">
            <Text fontWeight="medium">
              Créneaux libres de {tutor.name}
              {otherTutor && tutor.hourly_rate ? ` (${formatFcfa(tutor.hourly_rate)}/h)` : ''}
            </Text>
            {slotsQuery.data?.slots.length === 0 ? (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{tutorsMessages.noFreeSlots}</Alert.Title>
              </Alert.Root>
            ) : (
              <SlotPicker
                slots={slotsQuery.data?.slots}
                loading={slotsQuery.isPending}
                failed={slotsQuery.isError}
                onRetry={() => void slotsQuery.refetch()}
                selected={selected}
                onChange={(next) => {
                  setPicked(next);
                  setFailure(null);
                }}
                maxHours={maxHours}
              />
            )}
            <Text aria-live="polite" fontWeight="medium">
              {span ? `Votre cours : ${lessonTimeLabel(span.start, span.end)} (${selected.length} h)` : ''}
            </Text>
            {tooDear && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {packagesMessages.creditTooSmall(formatFcfa(credit.amount))}
              </Text>
            )}
            {wrongLength && (
              <Text color="fg.error" fontSize="sm" role="alert">
                Choisissez {credit.duration_hours} h, la durée du cours annulé.
              </Text>
            )}
          </Stack>
        )}
        {step === 'confirm' && tutor && span && (
          <Card.Root variant="subtle" size="sm">
            <Card.Body gap="2">
              <Text fontWeight="semibold">
                {courseOf(credit.subject)} avec {tutor.name}
              </Text>
              <Text>{lessonTimeLabel(span.start, span.end)}</Text>
              <Text fontSize="sm">
                Payé par votre crédit de {formatFcfa(credit.amount)}
                {price !== null && price < credit.amount ? ` ; le reste (${formatFcfa(credit.amount - price)}) vous sera remboursé.` : '.'}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Le répétiteur doit confirmer ce cours. Le crédit ne pourra plus servir à un autre cours.
              </Text>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}

/** The tutors of the credit's subject (the search's), but the one the credit came from. */
function TutorChoice({ credit, onChoose }: { credit: RebookCredit; onChoose: (tutor: ChosenTutor) => void }) {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const query = useTutorsForSubject(credit.subject, text, true);
  return (
    <Stack gap="3">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setText(typed);
        }}
      >
        <Field.Root>
          <Field.Label>Rechercher un autre répétiteur ({credit.subject})</Field.Label>
          <HStack gap="2" width="full">
            <Input value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Nom, quartier…" />
            <Button type="submit" variant="outline">
              <LuSearch aria-hidden /> Rechercher
            </Button>
          </HStack>
        </Field.Root>
      </form>
      <TutorResults credit={credit} query={query} onChoose={onChoose} />
    </Stack>
  );
}

function TutorResults({
  credit,
  query,
  onChoose,
}: {
  credit: RebookCredit;
  query: ReturnType<typeof useTutorsForSubject>;
  onChoose: (tutor: ChosenTutor) => void;
}) {
  if (query.isPending) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label={uiMessages.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="16" rounded="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <LoadError size="sm" title="Impossible de charger les répétiteurs" onRetry={() => void query.refetch()} />;
  const tutors = query.data.tutors.filter((tutor) => tutor.id !== credit.tutor_id && tutor.hourly_rate);
  if (tutors.length === 0) {
    return <EmptyNotice icon={<LuUsers />} title="Aucun autre répétiteur pour cette matière" description="Réessayez plus tard : votre crédit reste valable." />;
  }
  return (
    <Stack gap="2" as="ul" listStyleType="none" aria-label="Répétiteurs de la matière">
      {tutors.map((tutor) => (
        <TutorRow key={tutor.id} tutor={tutor} credit={credit} onChoose={onChoose} />
      ))}
    </Stack>
  );
}

function TutorRow({ tutor, credit, onChoose }: { tutor: TutorSummary; credit: RebookCredit; onChoose: (tutor: ChosenTutor) => void }) {
  const name = `${tutor.first_name} ${tutor.last_name}`.trim();
  const rate = tutor.hourly_rate ?? 0;
  // One hour must fit in the credit; two hours when the rate allows it.
  const fits = rate <= credit.amount;
  return (
    <Card.Root as="li" size="sm" variant="outline" data-testid="credit-tutor" data-tutor-id={tutor.id}>
      <Card.Body>
        <Flex gap="3" align="center" justify="space-between" wrap="wrap">
          <Stack gap="0.5" minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{name}</Text>
              {tutor.is_verified && (
                <Badge colorPalette="green" variant="subtle" size="sm">
                  <LuBadgeCheck aria-hidden /> Vérifié
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {formatFcfa(rate)}/h · {tutor.subjects.slice(0, 3).join(', ')}
            </Text>
          </Stack>
          <Button
            size="sm"
            variant="outline"
            disabled={!fits}
            aria-label={fits ? `Choisir ${name}` : undefined}
            onClick={() =>
              onChoose({ id: tutor.id, name, hourly_rate: tutor.hourly_rate, subjects: tutor.subjects, levels: tutor.levels })
            }
          >
            {fits ? 'Choisir' : 'Au-delà du crédit'}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
