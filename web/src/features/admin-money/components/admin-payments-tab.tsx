import { courseOf } from '#shared/french';
import { messages } from '#shared/messages';
import { formatFcfa } from '#shared/money';
import { PAYMENT_METHOD_LABELS } from '#shared/payments';
import type { AdminTransactionsView } from '#shared/payments-schemas';
import { Alert, Box, Button, Card, EmptyState, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw, LuWallet } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { TransactionStatusBadge } from '@/components/money/transaction-status-badge';
import { ViewFilter, type ViewOption } from '@/components/ui/view-filter';
import { useAdminTransactions } from '../api/admin-money';
import { EscrowActions } from './escrow-actions';
import { LoadMore } from './load-more';
import { RetryAction } from './retry-action';

const VIEWS: ReadonlyArray<ViewOption<AdminTransactionsView>> = [
  { value: 'all', label: messages.admin.allTransactionsFilter },
  { value: 'attention', label: messages.admin.attentionFilter },
];

/**
 * Admin tab 'Paiements': every transaction with parent and tutor names, page by page; release or
 * refund with notes. 'À traiter' shows only those an admin must look at.
 */
export function AdminPaymentsTab() {
  const [view, setView] = useState<AdminTransactionsView>('all');
  return (
    <Stack gap="3">
      <ViewFilter views={VIEWS} value={view} onChange={setView} label="Transactions affichées" />
      <TransactionsList view={view} />
    </Stack>
  );
}

function TransactionsList({ view }: { view: AdminTransactionsView }) {
  const query = useAdminTransactions(view);
  if (query.isPending) return <Stack gap="3">{[0, 1, 2].map((i) => <Skeleton key={i} height="24" rounded="lg" />)}</Stack>;
  if (query.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{messages.admin.transactionsLoadFailure}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {messages.ui.retry}
        </Button>
      </Alert.Root>
    );
  }
  const transactions = query.data.pages.flatMap((page) => page.transactions);
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center">
        <Text color="fg.muted" fontSize="sm">
          {transactions.length} transaction(s){query.hasNextPage ? ' affichée(s)' : ''}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          <LuRefreshCw /> Actualiser
        </Button>
      </Flex>
      {transactions.length === 0 && (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuWallet />
            </EmptyState.Indicator>
            <EmptyState.Title>Aucune transaction</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {transactions.map((tx) => (
        <Card.Root key={tx.id} size="sm" data-testid="admin-transaction" data-transaction-id={tx.id}>
          <Card.Body gap="2">
            <Flex justify="space-between" gap="3" wrap="wrap" align="start">
              <Box minW="0" flex="1">
                <Text fontWeight="semibold">
                  {tx.parent_name} → {tx.tutor_name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {tx.courses[0] ? `${courseOf(tx.courses[0].subject)} · ${tx.courses[0].duration_hours} h · ` : ''}
                  {PAYMENT_METHOD_LABELS[tx.payment_method]} · {formatDateTime(tx.created_at)} · n° {tx.invoice_number}
                </Text>
              </Box>
              <Stack gap="1" align="end">
                <Text fontWeight="bold" whiteSpace="nowrap">
                  {formatFcfa(tx.amount_total)}
                </Text>
                <TransactionStatusBadge status={tx.status} />
              </Stack>
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              Répétiteur {formatFcfa(tx.amount_tutor)} · commission {formatFcfa(tx.commission_amount)}
            </Text>
            {tx.attention_reason && (
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Title>{tx.attention_reason}</Alert.Title>
              </Alert.Root>
            )}
            {tx.admin_notes && (
              <Text fontSize="sm">
                <Text as="span" fontWeight="medium">
                  Notes :
                </Text>{' '}
                {tx.admin_notes}
              </Text>
            )}
            <Flex gap="2" wrap="wrap">
              <RetryAction transaction={tx} />
              <EscrowActions transaction={tx} />
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
      <LoadMore query={query} />
    </Stack>
  );
}
