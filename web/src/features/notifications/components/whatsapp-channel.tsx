import { notificationsMessages } from '#shared/message-catalogue/notifications';
import { whatsappMessages } from '#shared/message-catalogue/whatsapp';
import { normalizeIvorianPhone } from '#shared/payments-schemas';
import { maskedPhone } from '#shared/payouts';
import { WHATSAPP_CODE_LENGTH } from '#shared/whatsapp';
import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useWhatsAppActions, useWhatsAppChannel } from '../api/whatsapp';

const t = whatsappMessages;
const errorText = (error: unknown) => (error instanceof ApiRequestError ? error.message : t.sendFailure);

/**
 * The WhatsApp channel (issue 34): a number, 'Recevoir le code sur WhatsApp', the 6-digit code,
 * 'Vérifier'; then the state and 'Désactiver WhatsApp'. The preferences and the end of onboarding
 * show the same component. `available` false: the stage has no WhatsApp, nothing is offered.
 */
export function WhatsAppChannel({ available = true }: { available?: boolean }) {
  const channel = useWhatsAppChannel();
  const { sendCode, verify, remove } = useWhatsAppActions();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const ids = { phone: useId(), code: useId() };
  if (!available) {
    return (
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm">{t.channelLabel}</Text>
        <Badge colorPalette="gray" variant="outline">
          {notificationsMessages.whatsappUnavailable}
        </Badge>
      </HStack>
    );
  }
  const state = channel.data?.state ?? 'none';
  const number = channel.data?.phone ?? null;
  const phoneValid = normalizeIvorianPhone(phone) !== null;

  const askCode = (event: FormEvent) => {
    event.preventDefault();
    setPhoneTouched(true);
    if (!phoneValid) return;
    sendCode.mutate(phone, { onSuccess: () => setCode('') });
  };
  const giveCode = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code.trim(), { onSuccess: (view) => notify.success({ title: t.verified(maskedPhone(view.phone!)) }) });
  };

  if (state === 'verified' && number) {
    return (
      <Stack gap="2" align="flex-start">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="green" variant="subtle">
            {t.channelLabel}
          </Badge>
          <Text fontSize="sm">{t.verified(maskedPhone(number))}</Text>
        </HStack>
        <Button size="sm" variant="outline" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => notify.success({ title: t.removed }) })}>
          {t.remove}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="3">
      <Stack gap="1">
        <Text fontWeight="medium">{t.channelLabel}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t.channelHelp}
        </Text>
        {state === 'stopped' && (
          <Text fontSize="sm" role="status">
            {channel.data?.stoppedReason === 'undeliverable' ? t.stoppedUndeliverable : t.stopped}
          </Text>
        )}
      </Stack>
      <Stack as="form" gap="2" onSubmit={askCode}>
        <Field.Root invalid={(phoneTouched && !phoneValid) || sendCode.isError} maxW="sm">
          <Field.Label htmlFor={ids.phone}>{t.phoneLabel}</Field.Label>
          <Input id={ids.phone} type="tel" inputMode="tel" autoComplete="tel-national" placeholder={t.phonePlaceholder} value={phone} onChange={(event) => setPhone(event.target.value)} />
          <Field.ErrorText>{sendCode.isError ? errorText(sendCode.error) : t.invalidPhone}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="sm" alignSelf="flex-start" colorPalette="green" loading={sendCode.isPending}>
          {t.sendCode}
        </Button>
      </Stack>
      {state === 'pending' && number && (
        <Stack as="form" gap="2" onSubmit={giveCode}>
          <Text fontSize="sm" role="status">
            {t.codeSent(maskedPhone(number))}
          </Text>
          <Field.Root invalid={verify.isError} maxW="xs">
            <Field.Label htmlFor={ids.code}>{t.codeLabel}</Field.Label>
            <Input
              id={ids.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={WHATSAPP_CODE_LENGTH}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            <Field.ErrorText>{verify.isError ? errorText(verify.error) : t.invalidCode}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" size="sm" alignSelf="flex-start" loading={verify.isPending} disabled={code.length !== WHATSAPP_CODE_LENGTH}>
            {t.verify}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
