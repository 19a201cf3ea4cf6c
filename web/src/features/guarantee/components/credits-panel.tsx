import type { CreditView } from '#shared/package-schemas';
import { courseOf } from '#shared/french';
import { formatFcfa } from '#shared/money';
import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LoadError } from '@/components/ui/page-state';
import { frenchMoment } from '@/lib/lesson-dates';
import { useMyCredits } from '../api/guarantee';
import { CreditRebookDialog } from './credit-rebook-dialog';

const REASON_LABELS: Record<CreditView['reason'], string> = {
  guarantee: 'Cours offert (garantie premier cours)',
  cancellation: 'Cours de forfait annulé',
};

/**
 * 'Cours offerts' in the parent's 'Mes cours': each open credit of the trial guarantee (a free first
 * lesson with another tutor), until when it can be used, when it is refunded otherwise, and
 * 'Utiliser ce crédit'. A package lesson's credit (same tutor) is the packages' screen (lessons'
 * CreditsSection); `reasons` shows them here too where that screen is not. Nothing when there is none.
 */
export function CreditsPanel({ reasons = ['guarantee'] }: { reasons?: ReadonlyArray<CreditView['reason']> }) {
  const query = useMyCredits();
  const [using, setUsing] = useState<CreditView | null>(null);
  // Nothing while they load ('Mes cours' asks for them with the lessons, whose skeleton covers the
  // wait): most parents have none, and a skeleton that turned into nothing moved the lessons up
  // (Lighthouse's layout shift, 0.104 on /cours).
  if (query.isPending) return null;
  if (query.isError) return <LoadError size="sm" title="Impossible de charger vos crédits" onRetry={() => void query.refetch()} />;
  const credits = query.data.filter((credit) => reasons.includes(credit.reason));
  if (credits.length === 0) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="credits-title" data-testid="credits-panel">
      <Heading as="h2" size="md" id="credits-title">
        Cours offerts
      </Heading>
      {credits.map((credit) => (
        <Card.Root key={credit.id} size="sm" variant="outline" borderColor="green.muted" data-testid="credit-card" data-credit-id={credit.id}>
          <Card.Body gap="2">
            <Flex justify="space-between" align="start" gap="3" wrap="wrap">
              <Stack gap="0.5" minW="0" flex="1">
                <Text fontWeight="semibold">
                  {courseOf(credit.subject)} — {credit.level}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {credit.reason === 'guarantee' ? `Premier cours avec ${credit.tutor_name} · ` : `Avec ${credit.tutor_name} · `}
                  {credit.duration_hours} h
                </Text>
              </Stack>
              <Stack gap="1" align="end">
                <Text fontWeight="bold" whiteSpace="nowrap">
                  {formatFcfa(credit.amount)}
                </Text>
                <Badge colorPalette="green" variant="subtle">
                  {REASON_LABELS[credit.reason]}
                </Badge>
              </Stack>
            </Flex>
            <Text fontSize="sm">
              {credit.reason === 'guarantee'
                ? `À utiliser avec un autre répétiteur avant le ${frenchMoment(credit.rebook_until)}.`
                : `À réserver avec ${credit.tutor_name} avant le ${frenchMoment(credit.rebook_until)}.`}{' '}
              Sinon, vous serez remboursé le {frenchMoment(credit.refund_at)}.
            </Text>
            <Button size="sm" alignSelf="flex-start" colorPalette="green" onClick={() => setUsing(credit)}>
              Utiliser ce crédit
            </Button>
          </Card.Body>
        </Card.Root>
      ))}
      <CreditRebookDialog credit={using} onClose={() => setUsing(null)} />
    </Stack>
  );
}
