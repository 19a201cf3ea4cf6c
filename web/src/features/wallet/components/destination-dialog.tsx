import { payoutsMessages } from '#shared/message-catalogue/payouts';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatIvorianPhone, OPERATOR_RULES, PAYOUT_OPERATORS, type PayoutOperator } from '#shared/payouts';
import { destinationFormSchema, setDestinationSchema, type DestinationView, type SetDestinationInput } from '#shared/payouts-schemas';
import { Alert, Button, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/notify';
import { SelectField } from '@/components/ui/select-field';
import { ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useRequestDestinationCode, useSetDestination } from '../api/wallet';

const OPERATOR_LABELS = Object.fromEntries(PAYOUT_OPERATORS.map((operator) => [operator, OPERATOR_RULES[operator].label])) as Record<PayoutOperator, string>;

interface DestinationDialogProps {
  open: boolean;
  onClose: () => void;
  /** The current destination ('Modifier'), its fields prefilled; null to add one. */
  current: DestinationView | null;
}

/**
 * 'Ajouter un compte de retrait' / 'Modifier': operator, number and holder's name, checked with the
 * API's own schema; then the code e-mailed to the tutor (the account-takeover defence), then saved.
 */
export function DestinationDialog({ open, onClose, current }: DestinationDialogProps) {
  const { profile } = useAuth();
  const requestCode = useRequestDestinationCode();
  const save = useSetDestination();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Before the code is asked for, the fields alone are checked (destinationFormSchema); after, with the code.
  const codeSent = useRef(false);
  const withCode = zodResolver(setDestinationSchema) as Resolver<SetDestinationInput>;
  const withoutCode = zodResolver(destinationFormSchema) as unknown as Resolver<SetDestinationInput>;
  const resolver: Resolver<SetDestinationInput> = (values, context, options) =>
    (codeSent.current ? withCode : withoutCode)(values, context, options);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetDestinationInput>({
    resolver,
    defaultValues: {
      operator: current?.operator ?? ('' as PayoutOperator),
      phone: current ? formatIvorianPhone(current.phone) : '',
      holder_name: current?.holder_name ?? '',
      code: '',
    },
  });

  const sendCode = async () => {
    setFailure(null);
    try {
      const answer = await requestCode.mutateAsync();
      codeSent.current = true;
      setSentTo(answer?.message ?? payoutsMessages.codeSent(profile?.email ?? ''));
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : uiMessages.networkFailure);
    }
  };

  const submit = async (values: SetDestinationInput) => {
    if (!codeSent.current) return sendCode();
    setFailure(null);
    try {
      await save.mutateAsync(values);
      notify.success({ title: payoutsMessages.destinationSaved });
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : uiMessages.networkFailure);
    }
  };

  const busy = requestCode.isPending || save.isPending;
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={payoutsMessages.destinationFormTitle}
      closeButton={busy ? 'disabled' : true}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {payoutsMessages.cancel}
          </Button>
          <Button type="submit" form="destination-form" loading={busy}>
            {sentTo === null ? payoutsMessages.sendCode : payoutsMessages.saveDestination}
          </Button>
        </>
      }
    >
      <form id="destination-form" noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {payoutsMessages.destinationFormIntro}
          </Text>
          <SelectField
            label={payoutsMessages.operatorLabel}
            required
            placeholder="Choisissez…"
            options={PAYOUT_OPERATORS}
            labels={OPERATOR_LABELS}
            error={errors.operator?.message}
            field={register('operator')}
          />
          <FormField label={payoutsMessages.phoneLabel} required error={errors.phone?.message} helperText="10 chiffres, par exemple 07 01 02 03 04">
            <Input type="tel" inputMode="tel" autoComplete="tel-national" placeholder="07 01 02 03 04" {...register('phone')} />
          </FormField>
          <FormField label={payoutsMessages.holderNameLabel} required error={errors.holder_name?.message}>
            <Input autoComplete="name" {...register('holder_name')} />
          </FormField>
          {sentTo !== null && (
            <>
              <Alert.Root status="info" size="sm">
                <Alert.Indicator />
                <Alert.Title>{sentTo}</Alert.Title>
              </Alert.Root>
              <FormField label={payoutsMessages.codeLabel} required error={errors.code?.message}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus {...register('code')} />
              </FormField>
              <Button variant="ghost" size="sm" alignSelf="start" onClick={() => void sendCode()} disabled={busy}>
                {payoutsMessages.resendCode}
              </Button>
            </>
          )}
          {failure && (
            <Alert.Root status="error" size="sm" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </form>
    </DialogFrame>
  );
}
