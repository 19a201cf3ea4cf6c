import { payoutsMessages } from '#shared/message-catalogue/payouts';
import { formatFcfa } from '#shared/money';
import { PAYOUT_STATUS_LABELS, PAYOUT_STATUSES, type PayoutStatus } from '#shared/payouts';
import type { AdminPayoutView } from '#shared/payouts-schemas';
import { Alert, Badge, Card, Flex, Heading, NativeSelect, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { useState } from 'react';
import { LuWallet } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { PAYOUT_STATUS_PALETTE } from '@/components/money/payout-status-palette';
import { FormField } from '@/components/ui/form-field';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { PagedList } from '@/components/ui/paged-list';
import { useAdminPayouts, useProviderFloat } from '../api/admin-payouts';
import { DestinationsToReview } from './destinations-review';
import { PayoutActions } from './payout-actions';

type Filter = PayoutStatus | 'all';

const PROVIDER_LABELS: Record<string, string> = { cinetpay: 'CinetPay', wave: 'Wave' };
/** The filter's words: 'À traiter' first (what an admin opens the tab for); the two 'Annulé' told apart. */
const FILTER_LABELS: Record<Filter, string> = {
  ...PAYOUT_STATUS_LABELS,
  needs_attention: payoutsMessages.adminAttention,
  reversed: "Annulé par l'opérateur",
  cancelled: 'Annulé par Kalan',
  all: payoutsMessages.adminAllFilter,
};
const FILTERS: readonly Filter[] = ['needs_attention', 'all', ...PAYOUT_STATUSES.filter((status) => status !== 'needs_attention')];

/** Admin tab 'Retraits' (issue 30): the providers' float, the payouts by status ('À traiter' first), the destinations to review. */
export function AdminPayoutsTab() {
  const [filter, setFilter] = useState<Filter>('needs_attention');
  return (
    <Stack gap="6">
      <FloatCards />
      <Stack gap="3" as="section" aria-labelledby="admin-payouts-title">
        <Heading as="h2" size="md" id="admin-payouts-title">
          {payoutsMessages.adminTitle}
        </Heading>
        <PayoutsList filter={filter} onFilter={setFilter} />
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="admin-destinations-title">
        <Heading as="h2" size="md" id="admin-destinations-title">
          {payoutsMessages.adminDestinations}
        </Heading>
        <DestinationsToReview />
      </Stack>
    </Stack>
  );
}

function FloatCards() {
  const float = useProviderFloat();
  if (float.isError) return <LoadError title={payoutsMessages.adminLoadFailure} description={float.error.message} onRetry={() => void float.refetch()} />;
  return (
    <Stack gap="2" as="section" aria-labelledby="admin-float-title">
      <Heading as="h2" size="md" id="admin-float-title">
        {payoutsMessages.adminFloat}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {!float.data && [0, 1].map((i) => <Skeleton key={i} height="24" rounded="lg" />)}
        {float.data?.map((provider) => (
          <Card.Root key={provider.provider} size="sm" data-testid="provider-float" data-short={provider.short}>
            <Card.Body gap="2">
              <Stat.Root>
                <Stat.Label>{PROVIDER_LABELS[provider.provider] ?? provider.provider}</Stat.Label>
                <Stat.ValueText fontSize="xl">{provider.balance === null ? payoutsMessages.adminFloatUnavailable : formatFcfa(provider.balance)}</Stat.ValueText>
                <Stat.HelpText as="dd">
                  {payoutsMessages.adminFloatExpected(formatFcfa(provider.expected_24h))} · {formatDateTime(provider.read_at)}
                </Stat.HelpText>
              </Stat.Root>
              {provider.short && (
                <Alert.Root status="warning" size="sm">
                  <Alert.Indicator />
                  <Alert.Title>{payoutsMessages.adminFloatShort}</Alert.Title>
                </Alert.Root>
              )}
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PayoutsList({ filter, onFilter }: { filter: Filter; onFilter: (filter: Filter) => void }) {
  const query = useAdminPayouts(filter);
  const counts = query.data?.pages[0]?.counts ?? {};
  const countOf = (value: Filter) => (value === 'all' ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : (counts[value] ?? 0));
  return (
    <Stack gap="3">
      <FormField label="Statut">
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field value={filter} onChange={(event) => onFilter(event.currentTarget.value as Filter)} data-testid="payouts-filter">
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {query.data ? `${FILTER_LABELS[value]} (${countOf(value)})` : FILTER_LABELS[value]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <PagedList
        query={query}
        itemsOf={(page) => page.payouts}
        loadError={payoutsMessages.adminLoadFailure}
        showErrorDetail
        skeleton={{ count: 3, height: '28' }}
        countLabel={(count, more) => `${count} retrait(s)${more ? ' affiché(s)' : ''}`}
        refresh
        empty={<EmptyNotice icon={<LuWallet />} title={payoutsMessages.adminEmpty} />}
        renderItem={(payout) => <AdminPayoutCard key={payout.id} payout={payout} />}
      />
    </Stack>
  );
}

function AdminPayoutCard({ payout }: { payout: AdminPayoutView }) {
  return (
    <Card.Root size="sm" data-testid="admin-payout" data-payout-id={payout.id} data-status={payout.status}>
      <Card.Body gap="2">
        <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">{payout.tutor_name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(payout.created_at)}
            </Text>
          </Stack>
          <Badge colorPalette={PAYOUT_STATUS_PALETTE[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</Badge>
        </Flex>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Montant</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatFcfa(payout.amount)} (net {formatFcfa(payout.net)}, frais {formatFcfa(payout.fee)})
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{payoutsMessages.destinationLabel}</DataList.ItemLabel>
            <DataList.ItemValue>
              {payout.operator_label} {payout.phone_masked} · {payout.holder_name}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{payoutsMessages.adminProviderReference}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">
              {PROVIDER_LABELS[payout.provider] ?? payout.provider} · {payout.provider_reference ?? '—'}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {payout.failure_reason && (
          <Text fontSize="sm" color="fg.error">
            {payoutsMessages.reasonLabel} : {payout.failure_reason}
          </Text>
        )}
        {payout.attention && (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {payout.attention.state} : {payout.attention.error}
              </Alert.Title>
              <Alert.Description wordBreak="break-word">
                {payout.attention.cause} · {formatDateTime(payout.attention.at)}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {payout.admin_notes && (
          <Text fontSize="sm">
            <Text as="span" fontWeight="medium">
              Notes :
            </Text>{' '}
            {payout.admin_notes}
          </Text>
        )}
        <PayoutActions payout={payout} />
      </Card.Body>
    </Card.Root>
  );
}
