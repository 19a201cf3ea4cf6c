import type { PaymentMethod } from '#shared/constants';
import { offlineMessages } from '#shared/message-catalogue/offline';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { formatAmount, formatFcfa } from '#shared/money';
import { PACKAGE_WEEKS } from '#shared/package-schemas';
import { isMobileMoney } from '#shared/payments';
import { phoneNumberError } from '#shared/payments-schemas';
import { Alert, Button, List, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PaymentMethodFields } from '@/components/money/payment-method-fields';
import { ConnectionNeeded } from '@/components/pwa/connection-needed';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { answerWindowTerms, parentCancellationTerms } from '@/lib/cancellation-wording';
import { useOnline } from '@/lib/pwa/online';
import { useMarkPaymentInProgress } from '@/lib/pwa/payment-in-progress';
import { tutorSlotsKey } from '@/lib/tutor-slots';
import { useBookPackage } from '../api/packages';
import { weeklySlotLabel } from '../package-plan';
import type { PackagePlan } from './package-section';

interface PackagePaymentDialogProps {
  plan: PackagePlan;
  courseLabel: string;
  onClose: () => void;
  /** A slot was taken by another parent meanwhile (409): the picker starts again from the free slots read anew. */
  onSlotsTaken: () => void;
}

/**
 * 'Payer le forfait': what is booked (the weekly slots, the lessons, the total), the terms (the
 * tutor's answer, cancellations becoming credits, stopping), the payment method (and the mobile
 * money number), then `POST /api/packages` and the provider's page in this tab.
 */
export function PackagePaymentDialog({ plan, courseLabel, onClose, onSlotsTaken }: PackagePaymentDialogProps) {
  const book = useBookPackage();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = book.isPending;
  const online = useOnline();
  useMarkPaymentInProgress();

  const pay = async () => {
    const problem = phoneNumberError(method, phone);
    setPhoneError(problem ?? undefined);
    if (problem) return;
    setFailure(null);
    try {
      const result = await book.mutateAsync({
        tutorId: plan.tutorId,
        lessonsPerWeek: plan.lessonsPerWeek,
        slots: plan.slots,
        startDate: plan.startDate,
        duration: plan.duration,
        subject: plan.subject,
        level: plan.level,
        paymentMethod: method,
        phoneNumber: isMobileMoney(method) ? phone.trim() : undefined,
      });
      if (!result.authorization_url) {
        setFailure(result.error || paymentsMessages.initFailure);
        return;
      }
      notify.success({ title: paymentsMessages.initSuccessTitle, description: paymentsMessages.initSuccess });
      // Paid once, on the provider's page; its return leads back to Kalan.
      window.location.assign(result.authorization_url);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        // Another parent held one of these slots meanwhile, or a week further on is not free: the
        // API's message says which; the free slots are read again.
        setFailure(error.message);
        onSlotsTaken();
        await queryClient.invalidateQueries({ queryKey: tutorSlotsKey(plan.tutorId) });
        return;
      }
      setFailure(error instanceof ApiRequestError ? error.message : paymentsMessages.initFailure);
    }
  };

  return (
    <DialogFrame
      open
      onClose={() => !busy && onClose()}
      title="Payer le forfait"
      closeButton={busy ? 'disabled' : true}
      rootProps={{ size: { base: 'full', md: 'lg' }, scrollBehavior: 'inside' }}
      footerProps={{ flexWrap: 'wrap' }}
      footer={
        <>
          <ConnectionNeeded id="package-connection-needed" message={offlineMessages.paymentNeedsConnection} flexBasis="100%" textAlign="end" />
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Annuler
          </Button>
          <Button
            onClick={() => void pay()}
            disabled={!online}
            aria-describedby={online ? undefined : 'package-connection-needed'}
            loading={busy}
            loadingText="Traitement..."
          >
            Payer {formatAmount(plan.total)} FCFA
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted">{courseLabel}</Text>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Stack gap="1" fontSize="sm">
          <Text fontWeight="semibold">
            {plan.starts.length} cours de {plan.duration} h · {plan.lessonsPerWeek} par semaine · {PACKAGE_WEEKS} semaines
          </Text>
          <List.Root as="ul" ps="5">
            {plan.slots.map((slot) => (
              <List.Item key={slot.weekday}>{weeklySlotLabel(slot, plan.duration)}</List.Item>
            ))}
          </List.Root>
          <Text>
            {formatFcfa(plan.lessonPrice)} par cours
            {plan.discountPercent > 0 ? ` (remise de ${plan.discountPercent} %)` : ''} — total <strong>{formatFcfa(plan.total)}</strong>
            {plan.saved > 0 ? `, soit ${formatFcfa(plan.saved)} d'économie` : ''}.
          </Text>
        </Stack>
        <List.Root as="ul" listStyleType="disc" gap="1" fontSize="sm" ps="5" color="fg.muted">
          <List.Item>{answerWindowTerms()}</List.Item>
          <List.Item>Chaque cours est versé au répétiteur quand vous le confirmez (ou automatiquement), comme un cours seul.</List.Item>
          <List.Item>Un cours annulé au moins 24 h avant devient un crédit à réserver dans la semaine qui suit ; non utilisé, il est remboursé à la fin du forfait.</List.Item>
          <List.Item>Vous pouvez arrêter le forfait à tout moment : les cours non donnés sont remboursés selon la politique d'annulation ({parentCancellationTerms()})</List.Item>
        </List.Root>
        <PaymentMethodFields
          name="package-payment-method"
          method={method}
          onMethod={setMethod}
          phoneInput={{ value: phone, onChange: (event) => setPhone(event.target.value) }}
          phoneError={phoneError}
        />
      </Stack>
    </DialogFrame>
  );
}
