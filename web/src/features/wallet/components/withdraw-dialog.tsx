import { payoutsMessages } from '#shared/message-catalogue/payouts';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import { formatIvorianPhone, quotePayout, withdrawalAmountError } from '#shared/payouts';
import type { DestinationView } from '#shared/payouts-schemas';
import { Alert, Button, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { useState } from 'react';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useWithdraw } from '../api/wallet';
import { typedAmount } from '../payout-steps';

interface WithdrawDialogProps {
  onClose: () => void;
  available: number;
  destination: DestinationView;
}

/**
 * 'Retirer' (mounted once per opening): the amount, prefilled with the whole balance; fee and net as
 * it is typed; then a second step to confirm before the irreversible transfer. The request's id is
 * made once here: a double tap or a retry after a network failure sends the same one, and the API
 * answers with the same payout instead of making a second.
 */
export function WithdrawDialog({ onClose, available: availableNow, destination }: WithdrawDialogProps) {
  const [requestId] = useState(() => crypto.randomUUID());
  // The balance as the dialog opened: when an answer is lost, the payout was made and the wallet
  // refreshed shows it debited; the retry (same id) must still be possible, the API judges it.
  const [available] = useState(availableNow);
  const [text, setText] = useState(String(available));
  const [step, setStep] = useState<'amount' | 'confirm'>('amount');
  const [failure, setFailure] = useState<string | null>(null);
  const withdraw = useWithdraw();

  const amount = typedAmount(text);
  const amountError = withdrawalAmountError(destination.operator, amount, available);
  const quote = amountError === null ? quotePayout(destination.operator, amount) : null;
  const to = `${destination.operator_label} · ${formatIvorianPhone(destination.phone)} · ${destination.holder_name}`;

  const confirm = async () => {
    if (!quote || withdraw.isPending) return;
    setFailure(null);
    try {
      await withdraw.mutateAsync({ amount: quote.amount, request_id: requestId });
      notify.success({ title: payoutsMessages.requested });
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : uiMessages.networkFailure);
    }
  };

  return (
    <DialogFrame
      open
      onClose={() => !withdraw.isPending && onClose()}
      role={step === 'confirm' ? 'alertdialog' : 'dialog'}
      title={step === 'amount' ? payoutsMessages.withdrawTitle : payoutsMessages.withdrawReviewTitle}
      closeButton={withdraw.isPending ? 'disabled' : true}
      footer={
        step === 'amount' ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {payoutsMessages.cancel}
            </Button>
            <Button type="submit" form="withdraw-form" disabled={quote === null}>
              {payoutsMessages.continue}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => setStep('amount')} disabled={withdraw.isPending}>
              {payoutsMessages.back}
            </Button>
            <Button colorPalette="orange" onClick={() => void confirm()} loading={withdraw.isPending} disabled={withdraw.isPending}>
              {payoutsMessages.withdrawConfirm}
            </Button>
          </>
        )
      }
    >
      {step === 'amount' ? (
        <form
          id="withdraw-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (quote) setStep('confirm');
          }}
        >
          <Stack gap="4">
            <FormField
              label={payoutsMessages.amountLabel}
              required
              error={text.trim() === '' ? payoutsMessages.amountRequired : (amountError ?? undefined)}
              helperText={payoutsMessages.withdrawAvailable(formatFcfa(available))}
            >
              <InputGroup endElement="FCFA">
                <Input inputMode="numeric" autoFocus value={text} onChange={(event) => setText(event.currentTarget.value)} />
              </InputGroup>
            </FormField>
            <Summary to={to} quote={quote} />
          </Stack>
        </form>
      ) : (
        <Stack gap="4">
          <Summary to={to} quote={quote} />
          <Text fontSize="sm" color="fg.muted">
            {payoutsMessages.withdrawIrreversible}
          </Text>
          {failure && (
            <Alert.Root status="error" size="sm" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}
    </DialogFrame>
  );
}

function Summary({ to, quote }: { to: string; quote: ReturnType<typeof quotePayout> | null }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="withdraw-summary">
      <DataList.Item>
        <DataList.ItemLabel>{payoutsMessages.destinationLabel}</DataList.ItemLabel>
        <DataList.ItemValue>{to}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{payoutsMessages.amountLabel}</DataList.ItemLabel>
        <DataList.ItemValue>{quote ? formatFcfa(quote.amount) : '—'}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{payoutsMessages.feeLabel}</DataList.ItemLabel>
        <DataList.ItemValue>{quote ? formatFcfa(quote.fee) : '—'}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel fontWeight="semibold">{payoutsMessages.netLabel}</DataList.ItemLabel>
        <DataList.ItemValue fontWeight="semibold" data-testid="withdraw-net">
          {quote ? formatFcfa(quote.net) : '—'}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}
