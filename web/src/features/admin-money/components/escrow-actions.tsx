import { adminMessages } from '#shared/message-catalogue/admin';
import { formatFcfa } from '#shared/money';
import { canTakeAction, moneyReceived, type EscrowDecision } from '#shared/transaction-process';
import { type TransactionView } from '#shared/payments-schemas';
import { Button, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useAdminEscrowDecision } from '../api/admin-money';

/** Release / refund buttons an admin sees where the status table allows them, with notes. */
export function EscrowActions({ transaction }: { transaction: TransactionView }) {
  const decision = useAdminEscrowDecision();
  const [action, setAction] = useState<EscrowDecision | null>(null);
  const paid = moneyReceived(transaction);
  const canRelease = canTakeAction('release', transaction.status, 'admin', paid);
  const canRefund = canTakeAction('refund', transaction.status, 'admin', paid);
  if (!canRelease && !canRefund) return null;

  const confirm = async (notes: string) => {
    if (!action) return;
    try {
      await decision.mutateAsync({ id: transaction.id, action, adminNotes: notes || undefined });
      notify.success({ title: action === 'release' ? adminMessages.released : adminMessages.refunded });
    } catch (error) {
      notify.error({ title: adminMessages.actionFailure, description: error instanceof ApiRequestError ? error.message : undefined });
    } finally {
      setAction(null);
    }
  };

  return (
    <Flex gap="2" wrap="wrap">
      {canRelease && (
        <Button size="xs" colorPalette="green" onClick={() => setAction('release')}>
          Libérer
        </Button>
      )}
      {canRefund && (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setAction('refund')}>
          Rembourser
        </Button>
      )}
      <ConfirmDialog
        key={action ?? 'none'}
        open={action !== null}
        title={action === 'release' ? 'Libérer les fonds ?' : 'Rembourser le parent ?'}
        description={
          action === 'release'
            ? `${formatFcfa(transaction.amount_tutor)} seront versés à ${transaction.tutor_name} (commission ${formatFcfa(transaction.commission_amount)}). Cette action est irréversible.`
            : `${formatFcfa(transaction.amount_total)} seront remboursés à ${transaction.parent_name} via Paystack et le cours sera annulé. Cette action est irréversible.`
        }
        confirmLabel={action === 'release' ? 'Libérer les fonds' : 'Rembourser'}
        destructive
        withNotes
        loading={decision.isPending}
        onConfirm={(notes) => void confirm(notes)}
        onCancel={() => setAction(null)}
      />
    </Flex>
  );
}
