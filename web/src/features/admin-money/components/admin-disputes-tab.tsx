import { courseOf } from '#shared/french';
import { messages } from '#shared/messages';
import { formatFcfa } from '#shared/money';
import { Alert, Box, Button, Card, EmptyState, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuShieldCheck, LuStar } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/components/money/format';
import { TransactionStatusBadge } from '@/components/money/transaction-status-badge';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useAdminDisputes, useCloseDispute } from '../api/admin-money';
import { EscrowActions } from './escrow-actions';
import { LoadMore } from './load-more';

/** Admin tab 'Litiges': open disputes (a rating of 2 or less) with the review and the transaction, page by page. */
export function AdminDisputesTab() {
  const query = useAdminDisputes();
  const close = useCloseDispute();
  const [closing, setClosing] = useState<string | null>(null);
  if (query.isPending) return <Stack gap="3">{[0, 1].map((i) => <Skeleton key={i} height="28" rounded="lg" />)}</Stack>;
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
  const disputes = query.data.pages.flatMap((page) => page.disputes);
  if (disputes.length === 0) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuShieldCheck />
          </EmptyState.Indicator>
          <EmptyState.Title>Aucun litige en cours</EmptyState.Title>
          <EmptyState.Description>Une note de 2 ou moins après un cours ouvre un litige ici.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const confirmClose = async (notes: string) => {
    if (!closing) return;
    try {
      await close.mutateAsync({ id: closing, adminNotes: notes || undefined });
      notify.success({ title: messages.payments.disputeClosed });
    } catch (error) {
      notify.error({ title: messages.admin.actionFailure, description: error instanceof ApiRequestError ? error.message : undefined });
    } finally {
      setClosing(null);
    }
  };
  return (
    <Stack gap="3">
      {disputes.map((dispute) => {
        const tx = dispute.transaction;
        const fundsHeld = tx.status === 'disputed';
        return (
          <Card.Root key={dispute.id} size="sm" data-testid="admin-dispute">
            <Card.Body gap="2">
              <Flex justify="space-between" gap="3" wrap="wrap" align="start">
                <Box minW="0" flex="1">
                  <Text fontWeight="semibold">
                    {tx.parent_name} → {tx.tutor_name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    Ouvert le {formatDateTime(dispute.opened_at)} · {tx.courses[0] ? courseOf(tx.courses[0].subject) : tx.description} · n° {tx.invoice_number}
                  </Text>
                </Box>
                <Stack gap="1" align="end">
                  <Text fontWeight="bold">{formatFcfa(tx.amount_total)}</Text>
                  <TransactionStatusBadge status={tx.status} />
                </Stack>
              </Flex>
              <HStack gap="1" color="orange.fg" role="img" aria-label={`Note ${dispute.rating} sur 5`}>
                <LuStar fill="currentColor" /> <Text fontWeight="medium">{dispute.rating}/5</Text>
              </HStack>
              <Text fontStyle={dispute.review ? 'italic' : undefined} color={dispute.review ? undefined : 'fg.muted'}>
                {dispute.review ? `« ${dispute.review} »` : 'Sans commentaire'}
              </Text>
              {fundsHeld ? (
                <EscrowActions transaction={tx} />
              ) : (
                <Button size="xs" variant="outline" alignSelf="start" onClick={() => setClosing(dispute.id)}>
                  Clore le litige
                </Button>
              )}
            </Card.Body>
          </Card.Root>
        );
      })}
      <LoadMore query={query} />
      <ConfirmDialog
        key={closing ?? 'none'}
        open={closing !== null}
        title="Clore le litige ?"
        description="Les fonds ne sont plus en séquestre : le litige sera marqué comme résolu."
        confirmLabel="Clore"
        withNotes
        loading={close.isPending}
        onConfirm={(notes) => void confirmClose(notes)}
        onCancel={() => setClosing(null)}
      />
    </Stack>
  );
}
