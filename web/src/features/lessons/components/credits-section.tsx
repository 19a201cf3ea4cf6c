import { courseOf } from '#shared/french';
import { packagesMessages } from '#shared/message-catalogue/packages';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import type { CreditView } from '#shared/package-schemas';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { frenchMoment } from '@/lib/lesson-dates';
import { useSpendCredit } from '../api/packages';
import { SlotChoiceDialog } from './slot-choice-dialog';

/**
 * The parent's package credits (issue 32): 'Crédit à utiliser avant le …', and 'Réserver un
 * créneau' — a free slot of the same tutor within the week after the cancelled lesson. The trial
 * guarantee's credits (another tutor) are the guarantee's screens.
 */
export function CreditsSection({ credits }: { credits: CreditView[] }) {
  const spend = useSpendCredit();
  const [chosen, setChosen] = useState<CreditView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const own = credits.filter((credit) => credit.reason === 'cancellation');
  if (own.length === 0) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="lessons-credits">
      <Heading as="h2" size="md" id="lessons-credits">
        Crédits
      </Heading>
      {own.map((credit) => (
        <Card.Root key={credit.id} size="sm" variant="subtle" data-testid="credit-card">
          <Card.Body gap="2">
            <Text fontWeight="semibold">
              {courseOf(credit.subject)} avec {credit.tutor_name} · {formatFcfa(credit.amount)}
            </Text>
            <Text fontSize="sm">Crédit à utiliser avant le {frenchMoment(credit.rebook_until)}.</Text>
            <Text fontSize="sm" color="fg.muted">
              Non utilisé, il vous est remboursé le {frenchMoment(credit.refund_at)}.
            </Text>
            <Button size="sm" alignSelf="flex-start" onClick={() => (setError(null), setChosen(credit))}>
              Réserver un créneau
            </Button>
          </Card.Body>
        </Card.Root>
      ))}
      {chosen && (
        <SlotChoiceDialog
          title="Utiliser votre crédit"
          description={`Un cours de ${chosen.duration_hours} h avec ${chosen.tutor_name}, payé par votre crédit.`}
          tutorId={chosen.tutor_id}
          hours={chosen.duration_hours}
          until={chosen.rebook_until}
          confirmLabel="Réserver avec le crédit"
          busy={spend.isPending}
          error={error}
          onClose={() => setChosen(null)}
          onConfirm={(slots) =>
            spend.mutate(
              { id: chosen.id, tutorId: chosen.tutor_id, slots },
              {
                onSuccess: () => {
                  notify.success({ title: packagesMessages.creditUsed });
                  setChosen(null);
                },
                onError: (failure) => setError(failure instanceof ApiRequestError ? failure.message : uiMessages.networkFailure),
              },
            )
          }
        />
      )}
    </Stack>
  );
}
