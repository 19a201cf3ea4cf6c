import { courseOf, formatRating } from '#shared/french';
import { adminMessages } from '#shared/message-catalogue/admin';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { stepFor } from '#shared/transaction-process';
import { Badge, Button, Card, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuShieldCheck, LuStar } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/components/money/format';
import { notify } from '@/components/ui/notify';
import { EmptyNotice } from '@/components/ui/page-state';
import { PagedList } from '@/components/ui/paged-list';
import { ApiRequestError } from '@/lib/api';
import { useAdminDisputes, useCloseDispute } from '../api/admin-money';
import { EscrowActions } from './escrow-actions';
import { TransactionHeadline } from './transaction-headline';

/** Admin tab 'Litiges': open disputes (a rating of 2 or less) with the review and the transaction, page by page. */
export function AdminDisputesTab() {
  const query = useAdminDisputes();
  const close = useCloseDispute();
  const [closing, setClosing] = useState<string | null>(null);
  const confirmClose = async (notes: string) => {
    if (!closing) return;
    try {
      await close.mutateAsync({ id: closing, adminNotes: notes || undefined });
      notify.success({ title: paymentsMessages.disputeClosed });
    } catch (error) {
      notify.error({ title: adminMessages.actionFailure, description: error instanceof ApiRequestError ? error.message : undefined });
    } finally {
      setClosing(null);
    }
  };
  return (
    <>
      <PagedList
        query={query}
        itemsOf={(page) => page.disputes}
        loadError={adminMessages.transactionsLoadFailure}
        skeleton={{ count: 2, height: '28' }}
        empty={
          <EmptyNotice
            icon={<LuShieldCheck />}
            title="Aucun litige en cours"
            description="Une note de 2 ou moins après un cours ouvre un litige ici."
          />
        }
        renderItem={(dispute) => {
          const tx = dispute.transaction;
          // Funds still held: the dispute is decided (release or refund), not closed.
          const fundsHeld = !stepFor('close_dispute', tx.status, 'admin');
          return (
            <Card.Root key={dispute.id} size="sm" data-testid="admin-dispute">
              <Card.Body gap="2">
                <TransactionHeadline
                  transaction={tx}
                  detail={
                    <>
                      Ouvert le {formatDateTime(dispute.opened_at)} · {tx.courses[0] ? courseOf(tx.courses[0].subject) : tx.description} · n°{' '}
                      {tx.invoice_number}
                    </>
                  }
                />
                {dispute.rating !== undefined ? (
                  <HStack gap="1" color="orange.fg" role="img" aria-label={`Note ${formatRating(dispute.rating)} sur 5`}>
                    <LuStar fill="currentColor" /> <Text fontWeight="medium">{formatRating(dispute.rating)}/5</Text>
                  </HStack>
                ) : (
                  <Badge alignSelf="start" colorPalette="orange">
                    {dispute.kind === 'no_show' ? 'Absence du répétiteur signalée' : 'Problème signalé'}
                  </Badge>
                )}
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
        }}
      />
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
    </>
  );
}
