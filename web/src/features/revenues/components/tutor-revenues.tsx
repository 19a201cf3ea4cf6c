import { courseOf, formatRating } from '#shared/french';
import { revenuesMessages } from '#shared/message-catalogue/revenues';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import { EARNINGS_PERIOD_LABELS, EARNINGS_PERIODS, type EarningsPeriod } from '#shared/payments';
import { Alert, Badge, Button, Card, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { SegmentGroup } from '@/components/chakra/segment-group';
import { lazy, Suspense, useState } from 'react';
import { LuTrendingUp } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { TransactionHeadline } from '@/components/money/transaction-headline';
import { EmptyNotice } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { useEarnings } from '../api/earnings';

export { TUTOR_REVENUES_TITLE } from '@/features/home/tab-titles';

const EarningsChart = lazy(() => import('./earnings-chart'));

function Figure({ label, value, help }: { label: string; value: string | undefined; help?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        {/* A <dl>: the label is its term; the value (or its skeleton) and the help, its definitions. */}
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize="xl">{value ?? <Skeleton height="7" width="20" />}</Stat.ValueText>
          {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** Mes Revenus (spec §2): Semaine / Mois / Année, four cards, the chart and the history. */
export function TutorRevenues() {
  const [period, setPeriod] = useState<EarningsPeriod>('month');
  const query = useEarnings(period);
  const data = query.data;
  const missingProfile = query.error instanceof ApiRequestError && query.error.status === 404;

  return (
    <Stack gap="5">
      <SegmentGroup.Root
        value={period}
        onValueChange={(details) => details.value && setPeriod(details.value as EarningsPeriod)}
        size="sm"
        alignSelf="start"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={EARNINGS_PERIODS.map((value) => ({ value, label: EARNINGS_PERIOD_LABELS[value] }))} />
      </SegmentGroup.Root>

      {query.isError && (
        <Alert.Root status={missingProfile ? 'info' : 'error'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{missingProfile ? revenuesMessages.profileMissing : revenuesMessages.loadFailure}</Alert.Title>
            {missingProfile && <Alert.Description>Complétez votre profil de répétiteur pour recevoir des réservations.</Alert.Description>}
          </Alert.Content>
          {!missingProfile && (
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {uiMessages.retry}
            </Button>
          )}
        </Alert.Root>
      )}

      {!query.isError && (
        <>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Figure label="Revenus reçus" value={data && formatFcfa(data.received)} />
            <Figure label="En attente" value={data && formatFcfa(data.pending)} help="Fonds en séquestre" />
            <Figure label="Cours donnés" value={data && String(data.lessons_given)} />
            <Figure
              label="Note moyenne"
              value={data && (data.average_rating === null ? '—' : `${formatRating(data.average_rating)}/5`)}
              help={data ? `${data.rated_courses} cours noté(s)` : undefined}
            />
          </SimpleGrid>

          <Card.Root size="sm">
            <Card.Header>
              <Card.Title>Revenus sur la période</Card.Title>
            </Card.Header>
            <Card.Body>
              {data ? (
                <Suspense fallback={<Skeleton height="220px" />}>
                  <EarningsChart points={data.chart} />
                </Suspense>
              ) : (
                <Skeleton height="220px" />
              )}
            </Card.Body>
          </Card.Root>

          <Stack gap="3">
            <Text fontWeight="semibold" fontSize="lg">
              Historique des transactions
            </Text>
            {!data && [0, 1].map((i) => <Skeleton key={i} height="20" rounded="lg" />)}
            {data && data.transactions.length === 0 && (
              <EmptyNotice icon={<LuTrendingUp />} title="Aucune transaction sur la période" />
            )}
            {data?.transactions.map((tx) => (
              <Card.Root key={tx.id} size="sm" data-testid="revenue-transaction">
                <Card.Body>
                  <TransactionHeadline
                    titleWeight="medium"
                    title={`${tx.courses[0] ? courseOf(tx.courses[0].subject) : tx.description} — ${tx.parent_name}`}
                    detail={
                      <>
                        {formatDateTime(tx.escrow_released_at ?? tx.paid_at ?? tx.created_at)} · {tx.courses[0]?.duration_hours} h
                        {tx.courses[0]?.parent_rating !== undefined && ` · note ${formatRating(tx.courses[0].parent_rating)}/5`}
                      </>
                    }
                    amount={tx.amount_tutor}
                    status={tx.status}
                  />
                  <Badge variant="plain" px="0" color="fg.muted" fontWeight="normal">
                    Total {formatFcfa(tx.amount_total)} · commission {formatFcfa(tx.commission_amount)}
                  </Badge>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
