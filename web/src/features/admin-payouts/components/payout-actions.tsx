import { adminMessages } from '#shared/message-catalogue/admin';
import { payoutsMessages } from '#shared/message-catalogue/payouts';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import { OPERATOR_RULES, PAYOUT_OPERATORS, type PayoutOperator } from '#shared/payouts';
import { adminRetryPayoutSchema, type AdminPayoutView } from '#shared/payouts-schemas';
import { Alert, Button, Flex, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan, LuRotateCw } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useCancelPayout, useRetryPayout } from '../api/admin-payouts';

/** What an admin may do to a payout: 'Relancer' and 'Annuler' while it needs attention ('Annuler' too while requested or sent). */
export function PayoutActions({ payout }: { payout: AdminPayoutView }) {
  const [dialog, setDialog] = useState<'retry' | 'cancel' | null>(null);
  const cancel = useCancelPayout();
  const canRetry = payout.status === 'needs_attention';
  const canCancel = payout.status === 'needs_attention' || payout.status === 'requested' || payout.status === 'sent';
  if (!canRetry && !canCancel) return null;

  const confirmCancel = async (note: string) => {
    try {
      await cancel.mutateAsync({ id: payout.id, note });
      notify.success({ title: payoutsMessages.adminCancelled });
    } catch (error) {
      notify.error({ title: adminMessages.actionFailure, description: error instanceof ApiRequestError ? error.message : undefined });
    } finally {
      setDialog(null);
    }
  };

  return (
    <Flex gap="2" wrap="wrap">
      {canRetry && (
        <Button size="xs" colorPalette="orange" onClick={() => setDialog('retry')}>
          <LuRotateCw /> {payoutsMessages.adminRetry}
        </Button>
      )}
      {canCancel && (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDialog('cancel')}>
          <LuBan /> {payoutsMessages.adminCancel}
        </Button>
      )}
      {dialog === 'retry' && <RetryDialog payout={payout} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'cancel'}
        title={payoutsMessages.adminCancelTitle}
        description={payoutsMessages.adminCancelConfirm(formatFcfa(payout.amount), payout.tutor_name)}
        confirmLabel={payoutsMessages.adminCancel}
        destructive
        withNotes
        notesLabel={payoutsMessages.adminNoteLabel}
        notesRequired={payoutsMessages.noteRequired}
        loading={cancel.isPending}
        onConfirm={(note) => void confirmCancel(note)}
        onCancel={() => setDialog(null)}
      />
    </Flex>
  );
}

/** 'Relancer', to the same destination or a corrected one (operator and number together), with a note. */
function RetryDialog({ payout, onClose }: { payout: AdminPayoutView; onClose: () => void }) {
  const retry = useRetryPayout();
  const [operator, setOperator] = useState<PayoutOperator | ''>('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const parsed = adminRetryPayoutSchema.safeParse({ note, ...(operator && { operator }), ...(phone.trim() && { phone }) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      // The API says what the retry did (paid after all, returned, sent again…), in French.
      const { message } = await retry.mutateAsync({ id: payout.id, ...parsed.data });
      notify.success({ title: message || payoutsMessages.adminRetried });
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : uiMessages.networkFailure);
    }
  };

  return (
    <DialogFrame
      open
      onClose={() => !retry.isPending && onClose()}
      role="alertdialog"
      title={payoutsMessages.adminRetryTitle}
      closeButton={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={retry.isPending}>
            {payoutsMessages.cancel}
          </Button>
          <Button colorPalette="orange" onClick={() => void submit()} loading={retry.isPending}>
            {payoutsMessages.adminRetry}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm">{payoutsMessages.adminRetryIntro}</Text>
        <FormField label={payoutsMessages.adminCorrectedOperator} error={errors.operator}>
          <NativeSelect.Root>
            <NativeSelect.Field value={operator} onChange={(event) => setOperator(event.currentTarget.value as PayoutOperator | '')}>
              <option value="">{`Inchangé (${payout.operator_label})`}</option>
              {PAYOUT_OPERATORS.map((value) => (
                <option key={value} value={value}>
                  {OPERATOR_RULES[value].label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={payoutsMessages.adminCorrectedPhone} error={errors.phone}>
          <Input type="tel" inputMode="tel" value={phone} placeholder={payout.phone_masked} onChange={(event) => setPhone(event.currentTarget.value)} />
        </FormField>
        <FormField label={payoutsMessages.adminNoteLabel} required error={errors.note}>
          <Textarea value={note} maxLength={500} rows={3} onChange={(event) => setNote(event.currentTarget.value)} />
        </FormField>
        {failure && (
          <Alert.Root status="error" size="sm" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}
