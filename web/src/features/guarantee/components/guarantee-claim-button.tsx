import { guaranteeMessages } from '#shared/message-catalogue/guarantee';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import { TRIAL_GUARANTEE, type GuaranteeChoice } from '#shared/package-schemas';
import { Alert, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { RadioCard } from '@/components/chakra/radio-card';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { allowanceLabel } from '@/lib/guarantee-wording';
import { frenchMoment } from '@/lib/lesson-dates';
import { useClaimGuarantee, useGuaranteeAllowance } from '../api/guarantee';
import { CreditRebookDialog, type RebookCredit } from './credit-rebook-dialog';

/** What the claim needs of a lesson of 'Mes cours' (LessonView and its issue-32 fields). */
export interface ClaimableLesson {
  id: string;
  subject: string;
  level: string;
  end: string;
  duration_hours: number;
  amount_total: number;
  tutor_id: string;
  tutor_name: string;
  /** The guarantee may be claimed now (a first lesson, within 24 h of its end, its funds held). */
  guarantee_open?: boolean;
}

const CHOICES: ReadonlyArray<{ value: GuaranteeChoice; label: string; description: string }> = [
  { value: 'refund', label: 'Être remboursé intégralement', description: 'Le montant payé vous est rendu.' },
  {
    value: 'credit',
    label: 'Essayer un autre répétiteur gratuitement',
    description: `Un premier cours offert avec un autre répétiteur, à réserver dans les ${TRIAL_GUARANTEE.credit_validity_days} jours.`,
  },
];

const MAX_REASON = 1000;

/**
 * 'Ce cours ne m'a pas convenu' on a first lesson the guarantee still covers: the claim dialog, and,
 * for a free lesson with another tutor, the replacement flow right after.
 */
export function GuaranteeClaimButton({ lesson, disabled }: { lesson: ClaimableLesson; disabled?: boolean }) {
  // The claim dialog stays mounted while it closes; the replacement flow opens once it has closed
  // (two dialogs at once: the first one's focus coming back to the page would close the second).
  const [claim, setClaim] = useState<'closed' | 'open' | 'closing'>('closed');
  const [claimed, setClaimed] = useState<RebookCredit | null>(null);
  const [credit, setCredit] = useState<RebookCredit | null>(null);
  if (!lesson.guarantee_open && claim === 'closed' && !credit) return null;
  return (
    <>
      {lesson.guarantee_open && (
        <Button size="sm" variant="outline" colorPalette="green" disabled={disabled} onClick={() => setClaim('open')}>
          <LuShieldCheck aria-hidden />
          Ce cours ne m'a pas convenu
        </Button>
      )}
      {claim !== 'closed' && (
        <ClaimDialog
          open={claim === 'open'}
          lesson={lesson}
          onClose={() => setClaim('closing')}
          onClosed={() => {
            setClaim('closed');
            if (claimed) setCredit(claimed);
            setClaimed(null);
          }}
          onCredited={() => {
            // The credit is the claimed lesson's transaction: its id, its amount.
            setClaimed({
              id: lesson.id,
              reason: 'guarantee',
              amount: lesson.amount_total,
              tutor_id: lesson.tutor_id,
              tutor_name: lesson.tutor_name,
              subject: lesson.subject,
              level: lesson.level,
              duration_hours: lesson.duration_hours,
            });
            setClaim('closing');
          }}
        />
      )}
      <CreditRebookDialog credit={credit} onClose={() => setCredit(null)} />
    </>
  );
}

interface ClaimDialogProps {
  open: boolean;
  lesson: ClaimableLesson;
  onClose: () => void;
  /** The dialog has finished closing. */
  onClosed: () => void;
  onCredited: () => void;
}

function ClaimDialog({ open, lesson, onClose, onClosed, onCredited }: ClaimDialogProps) {
  const [choice, setChoice] = useState<GuaranteeChoice | null>(null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const allowance = useGuaranteeAllowance();
  const claim = useClaimGuarantee();
  const busy = claim.isPending;
  const deadline = new Date(Date.parse(lesson.end) + TRIAL_GUARANTEE.claim_window_hours * 3_600_000).toISOString();
  const exhausted = allowance.data !== undefined && allowance.data.remaining <= 0;

  const next = () => {
    if (!choice) {
      setChoiceError(guaranteeMessages.choiceRequired);
      return;
    }
    if (reason.length > MAX_REASON) return;
    setConfirming(true);
  };

  const submit = async () => {
    if (!choice) return;
    setFailure(null);
    try {
      await claim.mutateAsync({ id: lesson.id, choice, reason: reason.trim() || undefined });
      if (choice === 'refund') {
        notify.success({ title: guaranteeMessages.refunded });
        onClose();
      } else {
        notify.success({ title: guaranteeMessages.credited });
        onCredited();
      }
    } catch (error) {
      setConfirming(false);
      setFailure(error instanceof ApiRequestError ? error.message : uiMessages.networkFailure);
    }
  };

  return (
    <DialogFrame
      open={open}
      onClose={() => !busy && onClose()}
      title="Ce premier cours ne vous a pas convenu ?"
      role={confirming ? 'alertdialog' : undefined}
      closeButton={busy ? 'disabled' : true}
      rootProps={{ size: { base: 'full', md: 'md' }, scrollBehavior: 'inside', placement: undefined, onExitComplete: onClosed }}
      positionerProps={{ px: undefined }}
      footer={
        confirming ? (
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              Retour
            </Button>
            <Button colorPalette="red" loading={busy} loadingText="Envoi…" onClick={() => void submit()}>
              Confirmer la demande
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Annuler
            </Button>
            <Button onClick={next} disabled={exhausted}>
              Continuer
            </Button>
          </>
        )
      }
    >
      <Stack gap="4" data-testid="guarantee-claim">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        {confirming && choice ? (
          <Stack gap="2">
            <Text fontWeight="semibold">{CHOICES.find((item) => item.value === choice)?.label}</Text>
            <Text>
              {choice === 'refund'
                ? `Le cours avec ${lesson.tutor_name} sera annulé et ${formatFcfa(lesson.amount_total)} vous seront remboursés intégralement.`
                : `Le cours avec ${lesson.tutor_name} sera annulé et son montant (${formatFcfa(lesson.amount_total)}) paiera un premier cours avec un autre répétiteur, que vous choisissez ensuite.`}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Cela compte pour une des {TRIAL_GUARANTEE.max_per_year} garanties de l'année. Cette action est irréversible.
            </Text>
          </Stack>
        ) : (
          <>
            <Text>
              La garantie premier cours s'applique jusqu'au {frenchMoment(deadline)}. Choisissez ce que vous préférez :
            </Text>
            {allowance.data && (
              <Text fontSize="sm" color={exhausted ? 'fg.error' : 'fg.muted'} role={exhausted ? 'alert' : undefined}>
                {allowanceLabel(allowance.data)}
              </Text>
            )}
            <Field.Root invalid={Boolean(choiceError)}>
              <RadioCard.Root
                name="guarantee-choice"
                value={choice}
                onValueChange={(details) => {
                  setChoice(details.value as GuaranteeChoice);
                  setChoiceError(null);
                }}
                size="sm"
                width="full"
              >
                <RadioCard.Label srOnly>Votre choix</RadioCard.Label>
                <Stack gap="2">
                  {CHOICES.map((item) => (
                    <RadioCard.Item key={item.value} value={item.value}>
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <RadioCard.ItemText>{item.label}</RadioCard.ItemText>
                          <RadioCard.ItemDescription>{item.description}</RadioCard.ItemDescription>
                        </RadioCard.ItemContent>
                        <RadioCard.ItemIndicator />
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                  ))}
                </Stack>
              </RadioCard.Root>
              {choiceError && <Field.ErrorText>{choiceError}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={reason.length > MAX_REASON}>
              <Field.Label>Qu'est-ce qui n'a pas convenu ? (facultatif)</Field.Label>
              <Textarea rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
              {reason.length > MAX_REASON && <Field.ErrorText>{MAX_REASON} caractères au maximum</Field.ErrorText>}
            </Field.Root>
          </>
        )}
      </Stack>
    </DialogFrame>
  );
}
