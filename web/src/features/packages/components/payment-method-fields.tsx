import { PAYMENT_METHODS, type PaymentMethod } from '#shared/constants';
import { isMobileMoney, PAYMENT_METHOD_LABELS } from '#shared/payments';
import { Field, Input, RadioCard, SimpleGrid, Stack } from '@chakra-ui/react';

/** Like the single booking dialog's payment card: one line under each method. */
const METHOD_DESCRIPTIONS: Record<PaymentMethod, string> = {
  card: 'Visa, Mastercard',
  mobile_money_orange: 'Mobile money',
  mobile_money_mtn: 'Mobile money',
  mobile_money_moov: 'Mobile money',
  mobile_money_wave: 'Mobile money',
};

interface PaymentMethodFieldsProps {
  name: string;
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  phone: string;
  onPhone: (phone: string) => void;
  phoneError?: string;
}

/**
 * 'Moyen de paiement' and, for mobile money, the account's number: the same choices as the single
 * booking dialog's (payments feature, not imported: one feature never imports another).
 */
export function PaymentMethodFields({ name, method, onMethod, phone, onPhone, phoneError }: PaymentMethodFieldsProps) {
  return (
    <Stack gap="3">
      <RadioCard.Root name={name} value={method} onValueChange={(details) => details.value && onMethod(details.value as PaymentMethod)} size="sm">
        <RadioCard.Label fontWeight="medium">Moyen de paiement</RadioCard.Label>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          {PAYMENT_METHODS.map((value) => (
            <RadioCard.Item key={value} value={value}>
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{PAYMENT_METHOD_LABELS[value]}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>{METHOD_DESCRIPTIONS[value]}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </SimpleGrid>
      </RadioCard.Root>
      {isMobileMoney(method) && (
        <Field.Root invalid={Boolean(phoneError)} required>
          <Field.Label>Numéro de téléphone</Field.Label>
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="07 08 09 10 11" value={phone} onChange={(event) => onPhone(event.target.value)} />
          {phoneError ? <Field.ErrorText>{phoneError}</Field.ErrorText> : <Field.HelperText>Le numéro du compte {PAYMENT_METHOD_LABELS[method]}</Field.HelperText>}
        </Field.Root>
      )}
    </Stack>
  );
}
