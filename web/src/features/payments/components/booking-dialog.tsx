import { DURATION_MAX_HOURS, DURATION_MIN_HOURS, PAYMENT_METHODS, type PaymentMethod } from '#shared/constants';
import { courseOf } from '#shared/french';
import { messages } from '#shared/messages';
import { formatAmount, formatFcfa, priceLesson } from '#shared/money';
import { BOOKING_DEFAULT_LEVEL, BOOKING_DEFAULT_SUBJECT, isMobileMoney, PAYMENT_METHOD_LABELS } from '#shared/payments';
import { durationSchema, isBookableDuration, phoneNumberError, scheduledDateError } from '#shared/payments-schemas';
import {
  Alert,
  Button,
  Card,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  RadioCard,
  Separator,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { CloseButton } from '@/components/ui/close-button';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useInitializePayment } from '../api/payments';
import type { BookingTarget } from './booking-store';

const METHOD_DESCRIPTIONS: Record<PaymentMethod, string> = {
  card: 'Visa, Mastercard',
  mobile_money_orange: 'Mobile money',
  mobile_money_mtn: 'Mobile money',
  mobile_money_moov: 'Mobile money',
  mobile_money_wave: 'Mobile money',
};

const bookingFormSchema = z
  .object({
    duration: durationSchema,
    scheduledDate: z.string(),
    notes: z.string().check(z.maxLength(1000, { error: '1000 caractères au maximum' })),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: messages.payments.methodInvalid }),
    phoneNumber: z.string(),
  })
  .check(
    // The booking's rules are the API's (shared/src/payments-schemas.ts), checked before sending.
    z.superRefine((value, ctx) => {
      const message = phoneNumberError(value.paymentMethod, value.phoneNumber);
      if (message) ctx.issues.push({ code: 'custom', input: value.phoneNumber, path: ['phoneNumber'], message });
    }),
    z.superRefine((value, ctx) => {
      const message = scheduledDateError(value.scheduledDate, new Date());
      if (message) ctx.issues.push({ code: 'custom', input: value.scheduledDate, path: ['scheduledDate'], message });
    }),
  );
type BookingForm = z.infer<typeof bookingFormSchema>;

function CostLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <HStack justify="space-between" gap="4" fontWeight={strong ? 'bold' : undefined} fontSize={strong ? 'lg' : undefined}>
      <Text color={strong ? undefined : 'fg.muted'}>{label}</Text>
      <Text textAlign="end" whiteSpace="nowrap">
        {value}
      </Text>
    </HStack>
  );
}

interface BookingDialogProps {
  tutor: BookingTarget;
  onClose: () => void;
}

/** 'Réserver votre cours' (spec §2): details, cost summary, payment method, then Paystack. */
export default function BookingDialog({ tutor, onClose }: BookingDialogProps) {
  const { user, profile } = useAuth();
  const initialize = useInitializePayment();
  const subject = tutor.subjects[0] ?? BOOKING_DEFAULT_SUBJECT;
  const level = tutor.levels[0] ?? BOOKING_DEFAULT_LEVEL;
  const tutorName = `${tutor.first_name} ${tutor.last_name}`.trim();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<BookingForm>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { duration: 1, scheduledDate: '', notes: '', paymentMethod: 'card', phoneNumber: '' },
  });
  const duration = watch('duration');
  const method = watch('paymentMethod');
  const hours = isBookableDuration(duration) ? duration : null;
  const price = tutor.hourly_rate && hours ? priceLesson(tutor.hourly_rate, hours) : null;
  const canBook = profile?.role === 'parent' && Boolean(tutor.hourly_rate);
  const busy = initialize.isPending;

  const onSubmit = handleSubmit(async (values) => {
    if (!user) {
      notify.error({ title: messages.auth.signInRequired, description: messages.auth.signInForPayment });
      return;
    }
    notify.dismissAll();
    try {
      const result = await initialize.mutateAsync({
        tutorId: tutor.id,
        duration: values.duration,
        subject,
        level,
        scheduledDate: values.scheduledDate ? new Date(values.scheduledDate).toISOString() : undefined,
        notes: values.notes.trim() || undefined,
        paymentMethod: values.paymentMethod,
        phoneNumber: isMobileMoney(values.paymentMethod) ? values.phoneNumber.trim() : undefined,
      });
      if (!result.success || !result.authorization_url) {
        notify.error({ title: messages.payments.failureTitle, description: result.error || messages.payments.initFailure });
        return;
      }
      // The provider's page in a new tab (same tab if the browser blocks it).
      const tab = window.open(result.authorization_url, '_blank');
      if (tab) tab.opener = null;
      else window.location.assign(result.authorization_url);
      notify.success({ title: messages.payments.initSuccessTitle, description: messages.payments.initSuccess });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        notify.error({ title: messages.auth.signInRequired, description: messages.auth.signInForPayment });
        return;
      }
      notify.error({
        title: messages.payments.failureTitle,
        description: error instanceof ApiRequestError ? error.message : messages.payments.initFailure,
      });
    }
  });

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !busy && onClose()} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* display: contents keeps the dialog's header/body/footer layout around the form. */}
            <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>Réserver votre cours</Dialog.Title>
              <Dialog.Description>
                {courseOf(subject)} avec {tutorName}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {profile && profile.role !== 'parent' && (
                  <Alert.Root status="info">
                    <Alert.Indicator />
                    <Alert.Title>{messages.payments.parentsOnly}</Alert.Title>
                  </Alert.Root>
                )}
                {!tutor.hourly_rate && (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Title>{messages.payments.tutorNotBookable}</Alert.Title>
                  </Alert.Root>
                )}
                <SectionCard title="Détails du cours">
                    <Stack gap="4">
                      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                        <Field.Root readOnly>
                          <Field.Label>Matière</Field.Label>
                          <Input value={subject} readOnly />
                        </Field.Root>
                        <Field.Root readOnly>
                          <Field.Label>Niveau</Field.Label>
                          <Input value={level} readOnly />
                        </Field.Root>
                      </SimpleGrid>
                      <Field.Root invalid={Boolean(errors.duration)} required>
                        <Field.Label>Durée (heures)</Field.Label>
                        <Input
                          type="number"
                          inputMode="numeric"
                          min={DURATION_MIN_HOURS}
                          max={DURATION_MAX_HOURS}
                          step={1}
                          {...register('duration', { valueAsNumber: true })}
                        />
                        {errors.duration ? (
                          <Field.ErrorText>{errors.duration.message}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>De 1 à 8 heures</Field.HelperText>
                        )}
                      </Field.Root>
                      <Field.Root invalid={Boolean(errors.scheduledDate)}>
                        <Field.Label>Date et heure (facultatif)</Field.Label>
                        <Input type="datetime-local" focusVisibleRing="outside" focusRingWidth="2px" {...register('scheduledDate')} />
                        {errors.scheduledDate && <Field.ErrorText>{errors.scheduledDate.message}</Field.ErrorText>}
                      </Field.Root>
                      <Field.Root invalid={Boolean(errors.notes)}>
                        <Field.Label>Notes (facultatif)</Field.Label>
                        <Textarea placeholder="Objectifs, chapitres à revoir, adresse…" rows={3} {...register('notes')} />
                        {errors.notes && <Field.ErrorText>{errors.notes.message}</Field.ErrorText>}
                      </Field.Root>
                    </Stack>
                </SectionCard>

                <SectionCard title="Récapitulatif">
                    <Stack gap="2" aria-live="polite">
                      <CostLine
                        label={`${tutor.hourly_rate ? formatFcfa(tutor.hourly_rate) : 'N/A'} × ${hours ?? '–'} h`}
                        value={price ? formatFcfa(price.total) : '—'}
                      />
                      <CostLine label="Commission Kalan (10 %)" value={price ? formatFcfa(price.commission) : '—'} />
                      <CostLine label="Part du répétiteur" value={price ? formatFcfa(price.tutor) : '—'} />
                      <Separator />
                      <CostLine label="Total" value={price ? formatFcfa(price.total) : '—'} strong />
                      <Text fontSize="xs" color="fg.muted">
                        Les fonds restent en séquestre jusqu'à ce que vous confirmiez le cours.
                      </Text>
                    </Stack>
                </SectionCard>

                <SectionCard title="Moyen de paiement">
                    <Stack gap="4">
                      <Controller
                        control={control}
                        name="paymentMethod"
                        render={({ field }) => (
                          <RadioCard.Root
                            name={field.name}
                            value={field.value}
                            onValueChange={(details) => details.value && field.onChange(details.value)}
                            size="sm"
                          >
                            <RadioCard.Label srOnly>Moyen de paiement</RadioCard.Label>
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
                        )}
                      />
                      {isMobileMoney(method) && (
                        <Field.Root invalid={Boolean(errors.phoneNumber)} required>
                          <Field.Label>Numéro de téléphone</Field.Label>
                          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="07 08 09 10 11" {...register('phoneNumber')} />
                          {errors.phoneNumber ? (
                            <Field.ErrorText>{errors.phoneNumber.message}</Field.ErrorText>
                          ) : (
                            <Field.HelperText>Le numéro du compte {PAYMENT_METHOD_LABELS[method]}</Field.HelperText>
                          )}
                        </Field.Root>
                      )}
                    </Stack>
                </SectionCard>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Annuler
              </Button>
              <Button type="submit" disabled={!canBook || !price} loading={busy} loadingText="Traitement...">
                Payer {price ? formatAmount(price.total) : '—'} FCFA
              </Button>
            </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** One part of the booking form: an outlined card with its title. */
function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Header>
        <Card.Title>{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
