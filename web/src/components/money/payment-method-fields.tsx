import { PAYMENT_METHODS, type PaymentMethod } from '#shared/constants';
import { isMobileMoney, PAYMENT_METHOD_LABELS } from '#shared/payments';
import { Field, Input, SimpleGrid, Stack, type InputProps } from '@chakra-ui/react';
import { RadioCard } from '@/components/chakra/radio-card';

/** One line under each method. */
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
  /**
   * The number's input: its value and change handler (a form's `register('phoneNumber')`, or a
   * controlled value), so each dialog keeps its own form handling.
   */
  phoneInput: InputProps;
  phoneError?: string;
  /** The label 'Moyen de paiement' read only by screen readers (a card around already titles it). */
  hideLabel?: boolean;
}

/**
 * 'Moyen de paiement' and, for mobile money, the account's number: the same choices when booking
 * a lesson and when paying for a package.
 */
export function PaymentMethodFields({ name, method, onMethod, phoneInput, phoneError, hideLabel }: PaymentMethodFieldsProps) {
  return (
    <Stack gap="4">
      <RadioCard.Root name={name} value={method} onValueChange={(details) => details.value && onMethod(details.value as PaymentMethod)} size="sm">
        <RadioCard.Label srOnly={hideLabel} fontWeight="medium">
          Moyen de paiement
        </RadioCard.Label>
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
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="07 08 09 10 11" {...phoneInput} />
          {phoneError ? <Field.ErrorText>{phoneError}</Field.ErrorText> : <Field.HelperText>Le numéro du compte {PAYMENT_METHOD_LABELS[method]}</Field.HelperText>}
        </Field.Root>
      )}
    </Stack>
  );
}
