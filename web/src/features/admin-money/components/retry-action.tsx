import { adminMessages } from '#shared/message-catalogue/admin';
import { type TransactionView } from '#shared/payments-schemas';
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRotateCw } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useAdminRetryTransaction } from '../api/admin-money';

/** 'Relancer' on a transaction whose escrow workflow failed: asks for confirmation, then says what the retry did. */
export function RetryAction({ transaction }: { transaction: TransactionView }) {
  const retry = useAdminRetryTransaction();
  const [confirming, setConfirming] = useState(false);
  if (transaction.status !== 'needs_attention') return null;

  const confirm = async () => {
    try {
      const { message } = await retry.mutateAsync({ id: transaction.id });
      notify.success({ title: message });
    } catch (error) {
      notify.error({ title: adminMessages.retryFailureTitle, description: error instanceof ApiRequestError ? error.message : undefined });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Button size="xs" colorPalette="orange" onClick={() => setConfirming(true)} loading={retry.isPending} data-testid="retry-transaction">
        <LuRotateCw /> {adminMessages.retry}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={adminMessages.retryConfirmTitle}
        description={adminMessages.retryConfirm}
        confirmLabel={adminMessages.retry}
        loading={retry.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
