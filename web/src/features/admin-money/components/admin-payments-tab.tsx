import { courseOf } from '#shared/french';
import { adminMessages } from '#shared/message-catalogue/admin';
import { formatFcfa } from '#shared/money';
import { PAYMENT_METHOD_LABELS } from '#shared/payments';
import type { AdminTransactionsView } from '#shared/payments-schemas';
import { Alert, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuWallet } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { EmptyNotice } from '@/components/ui/page-state';
import { PagedList } from '@/components/ui/paged-list';
import { ViewFilter, type ViewOption } from '@/components/ui/view-filter';
import { useAdminTransactions } from '../api/admin-money';
import { EscrowActions } from './escrow-actions';
import { TransactionHeadline } from './transaction-headline';
import { RetryAction } from './retry-action';

const VIEWS: ReadonlyArray<ViewOption<AdminTransactionsView>> = [
  { value: 'all', label: adminMessages.allTransactionsFilter },
  { value: 'attention', label: adminMessages.attentionFilter },
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
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.transactions}
      loadError={adminMessages.transactionsLoadFailure}
      skeleton={{ count: 3, height: '24' }}
      countLabel={(count, more) => `${count} transaction(s)${more ? ' affichée(s)' : ''}`}
      refresh
      empty={<EmptyNotice icon={<LuWallet />} title="Aucune transaction" />}
      renderItem={(tx) => (
        <Card.Root key={tx.id} size="sm" data-testid="admin-transaction" data-transaction-id={tx.id}>
          <Card.Body gap="2">
            <TransactionHeadline
              transaction={tx}
              detail={
                <>
                  {tx.courses[0] ? `${courseOf(tx.courses[0].subject)} · ${tx.courses[0].duration_hours} h · ` : ''}
                  {PAYMENT_METHOD_LABELS[tx.payment_method]} · {formatDateTime(tx.created_at)} · n° {tx.invoice_number}
                </>
              }
            />
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
      )}
    />
  );
}
