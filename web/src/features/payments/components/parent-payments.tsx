import { messages } from '#shared/messages';
import { formatFcfa } from '#shared/money';
import { type TransactionView } from '#shared/payments-schemas';
import { Alert, Button, Card, EmptyState, Flex, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw, LuWallet } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/money/confirm-dialog';
import { InvoiceDialog } from '@/components/money/invoice-dialog';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useEscrowDecision, useMyTransactions } from '../api/payments';
import { TransactionCard } from './transaction-card';

export const PARENT_PAYMENTS_TITLE = 'Mes Paiements';

type Pending = { action: 'release' | 'refund'; transaction: TransactionView } | null;

function SummaryCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          {value === undefined ? <Skeleton height="7" width="10" /> : <Stat.ValueText>{value}</Stat.ValueText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** Mes Paiements (spec §2): summary cards, 'Actualiser', the list, escrow actions, invoices. */
export function ParentPayments() {
  const query = useMyTransactions();
  const decision = useEscrowDecision();
  const [pending, setPending] = useState<Pending>(null);
  const [invoiceOf, setInvoiceOf] = useState<string | null>(null);

  const confirm = async () => {
    if (!pending) return;
    const { action, transaction } = pending;
    try {
      await decision.mutateAsync({ id: transaction.id, action });
      if (action === 'release') notify.success({ title: messages.payments.released, description: messages.payments.releasedDescription });
      else notify.success({ title: messages.payments.refunded, description: messages.payments.refundedDescription });
    } catch (error) {
      notify.error({
        title: action === 'release' ? messages.payments.releaseFailure : messages.payments.refundFailure,
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
    } finally {
      setPending(null);
    }
  };

  const summary = query.data?.summary;
  return (
    <Stack gap="5">
      <SimpleGrid columns={3} gap="3">
        <SummaryCard label="Transactions" value={summary?.total} />
        <SummaryCard label="En escrow" value={summary?.in_escrow} />
        <SummaryCard label="Libérées" value={summary?.released} />
      </SimpleGrid>
      <Flex justify="space-between" align="center" gap="3">
        <Text color="fg.muted" fontSize="sm">
          Les fonds restent sécurisés jusqu'à ce que vous les libériez.
        </Text>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending}>
          <LuRefreshCw /> Actualiser
        </Button>
      </Flex>

      {query.isPending && (
        <Stack gap="3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="36" rounded="lg" />
          ))}
        </Stack>
      )}
      {query.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{messages.payments.loadFailure}</Alert.Title>
            <Alert.Description>{query.error.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {messages.ui.retry}
          </Button>
        </Alert.Root>
      )}
      {query.data && query.data.transactions.length === 0 && (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuWallet />
            </EmptyState.Indicator>
            <EmptyState.Title>Aucune transaction</EmptyState.Title>
            <EmptyState.Description>Réservez un cours depuis la recherche : vos paiements apparaîtront ici.</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {query.data && query.data.transactions.length > 0 && (
        <Stack gap="3">
          {query.data.transactions.map((transaction) => (
            <TransactionCard
              key={transaction.id}
              transaction={transaction}
              onRelease={() => setPending({ action: 'release', transaction })}
              onRefund={() => setPending({ action: 'refund', transaction })}
              onInvoice={() => setInvoiceOf(transaction.id)}
            />
          ))}
        </Stack>
      )}

      <ConfirmDialog
        open={pending?.action === 'release'}
        title="Libérer les fonds ?"
        description={`${pending ? formatFcfa(pending.transaction.amount_tutor) : ''} seront versés à ${pending?.transaction.tutor_name ?? 'au répétiteur'}. Cette action est irréversible.`}
        confirmLabel="Libérer les fonds"
        destructive
        loading={decision.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.action === 'refund'}
        title="Demander un remboursement ?"
        description={`Le cours sera annulé et ${pending ? formatFcfa(pending.transaction.amount_total) : ''} vous seront remboursés sous 2 à 3 jours ouvrés. Cette action est irréversible.`}
        confirmLabel="Demander le remboursement"
        destructive
        loading={decision.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <InvoiceDialog transactionId={invoiceOf} onClose={() => setInvoiceOf(null)} />
    </Stack>
  );
}
