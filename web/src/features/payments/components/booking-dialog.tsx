import { PAYMENT_METHODS } from '#shared/constants';
import { courseOf } from '#shared/french';
import { authMessages } from '#shared/message-catalogue/auth';
import { offlineMessages } from '#shared/message-catalogue/offline';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { tutorsMessages } from '#shared/message-catalogue/tutors';
import { formatAmount, formatFcfa, priceLesson } from '#shared/money';
import { BOOKING_DEFAULT_LEVEL, BOOKING_DEFAULT_SUBJECT, isMobileMoney } from '#shared/payments';
import { isBookableDuration, phoneNumberError } from '#shared/payments-schemas';
import { Alert, Button, Card, Field, Fieldset, HStack, Input, List, Portal, Separator, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Dialog } from '@/components/chakra/dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { PaymentMethodFields } from '@/components/money/payment-method-fields';
import { SlotPicker } from '@/components/slot-picker';
import { ConnectionNeeded } from '@/components/pwa/connection-needed';
import { CloseButton } from '@/components/ui/close-button';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { answerWindowTerms, parentCancellationTerms, tutorCancellationTerms } from '@/lib/cancellation-wording';
import { lessonTimeLabel } from '@/lib/lesson-dates';
import { useOnline } from '@/lib/pwa/online';
import { useMarkPaymentInProgress } from '@/lib/pwa/payment-in-progress';
import { keepIfStillFree, lessonSpan } from '@/lib/slot-selection';
import { tutorSlotsKey, useTutorSlots } from '@/lib/tutor-slots';
import { useInitializePayment, useMyTransactions } from '../api/payments';
import type { BookingTarget } from './booking-store';
import { isFirstLessonWith } from '../payment-list';
import { FirstLessonNote } from './first-lesson-note';

const bookingFormSchema = z
  .object({
    notes: z.string().check(z.maxLength(1000, { error: '1000 caractères au maximum' })),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: paymentsMessages.methodInvalid }),
    phoneNumber: z.string(),
  })
  .check(
    // The booking's rules are the API's (shared/src/payments-schemas.ts), checked before sending.
    z.superRefine((value, ctx) => {
      const message = phoneNumberError(value.paymentMethod, value.phoneNumber);
      if (message) ctx.issues.push({ code: 'custom', input: value.phoneNumber, path: ['phoneNumber'], message });
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

/** A tutor who never published weekly slots: no lesson can be booked (decision of issue 15). */
const NO_WEEKLY_AVAILABILITY = "Ce répétiteur n'a pas encore publié ses disponibilités : il ne peut pas encore être réservé.";
const NOT_BOOKABLE_NOW = "il ne peut pas être réservé pour l'instant.";

/** No slot chosen when 'Payer' is pressed. */
const SLOTS_REQUIRED = 'Choisissez au moins un créneau';

/**
 * 'Réserver votre cours' (spec §2): details — the lesson's hours picked among the tutor's free
 * slots (issue 15) —, cost summary, the cancellation terms, payment method, then Paystack. The
 * booking holds the slots (`POST /api/payments` with `slots`); a slot another parent took in the
 * meantime (409) is said in the dialog and the free slots are read again.
 */
export default function BookingDialog({ tutor, onClose }: BookingDialogProps) {
  const { user, profile } = useAuth();
  const initialize = useInitializePayment();
  const queryClient = useQueryClient();
  const slotsQuery = useTutorSlots(tutor.id);
  const freeSlots = slotsQuery.data?.slots;
  const [picked, setPicked] = useState<string[]>([]);
  // Slots read again (after a conflict, or as time passes) keep the choice only if it is still free.
  const selected = freeSlots ? keepIfStillFree(picked, freeSlots) : picked;
  const [slotsError, setSlotsError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<string | null>(null);
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
    defaultValues: { notes: '', paymentMethod: 'card', phoneNumber: '' },
  });
  const method = watch('paymentMethod');
  const hours = isBookableDuration(selected.length) ? selected.length : null;
  const span = lessonSpan(selected);
  const price = tutor.hourly_rate && hours ? priceLesson(tutor.hourly_rate, hours) : null;
  const noSlots = freeSlots?.length === 0;
  const canBook = profile?.role === 'parent' && Boolean(tutor.hourly_rate) && !noSlots;
  const busy = initialize.isPending;
  // Paying needs the network now: never queued (issue 34). While the dialog is open no update prompt.
  const online = useOnline();
  useMarkPaymentInProgress();
  // 'Premier cours' (issue 32): said before paying when the parent never had a paid lesson with this tutor.
  const transactions = useMyTransactions(profile?.role === 'parent');
  const firstLesson = canBook && transactions.data !== undefined && isFirstLessonWith(tutor.id, transactions.data.transactions);

  const choose = (next: string[]) => {
    setPicked(next);
    setSlotsError(undefined);
    setConflict(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (selected.length === 0) {
      setSlotsError(SLOTS_REQUIRED);
      return;
    }
    if (!user) {
      notify.error({ title: authMessages.signInRequired, description: authMessages.signInForPayment });
      return;
    }
    notify.dismissAll();
    try {
      const result = await initialize.mutateAsync({
        tutorId: tutor.id,
        duration: selected.length,
        subject,
        level,
        // The lesson's hours, held by the booking; its date is the first one's start.
        slots: selected,
        scheduledDate: selected[0],
        notes: values.notes.trim() || undefined,
        paymentMethod: values.paymentMethod,
        phoneNumber: isMobileMoney(values.paymentMethod) ? values.phoneNumber.trim() : undefined,
      });
      if (!result.success || !result.authorization_url) {
        notify.error({ title: paymentsMessages.failureTitle, description: result.error || paymentsMessages.initFailure });
        return;
      }
      // The provider's page in a new tab (same tab if the browser blocks it).
      const tab = window.open(result.authorization_url, '_blank');
      if (tab) tab.opener = null;
      else window.location.assign(result.authorization_url);
      notify.success({ title: paymentsMessages.initSuccessTitle, description: paymentsMessages.initSuccess });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        notify.error({ title: authMessages.signInRequired, description: authMessages.signInForPayment });
        return;
      }
      if (error instanceof ApiRequestError && error.status === 409) {
        // Another parent held one of these slots meanwhile (the dialog only offers free consecutive
        // slots, so the API's "not free" and "just taken" both mean that): say it here, and show
        // what is free now.
        setConflict(paymentsMessages.slotTaken);
        setPicked([]);
        await queryClient.invalidateQueries({ queryKey: tutorSlotsKey(tutor.id) });
        return;
      }
      notify.error({
        title: paymentsMessages.failureTitle,
        description: error instanceof ApiRequestError ? error.message : paymentsMessages.initFailure,
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
                    <Alert.Title>{paymentsMessages.parentsOnly}</Alert.Title>
                  </Alert.Root>
                )}
                {!tutor.hourly_rate && (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Title>{paymentsMessages.tutorNotBookable}</Alert.Title>
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
                      <Fieldset.Root invalid={Boolean(slotsError)}>
                        <Fieldset.Legend fontWeight="medium">Créneaux (heure d'Abidjan)</Fieldset.Legend>
                        {conflict && (
                          <Alert.Root status="error" role="alert" mb="3">
                            <Alert.Indicator />
                            <Alert.Content>
                              <Alert.Title>{conflict}</Alert.Title>
                              <Alert.Description>Les créneaux libres ont été mis à jour.</Alert.Description>
                            </Alert.Content>
                          </Alert.Root>
                        )}
                        {noSlots ? (
                          <Alert.Root status="info">
                            <Alert.Indicator />
                            <Alert.Title>
                              {tutor.availability_slots === 0 ? NO_WEEKLY_AVAILABILITY : `${tutorsMessages.noFreeSlots} : ${NOT_BOOKABLE_NOW}`}
                            </Alert.Title>
                          </Alert.Root>
                        ) : (
                          <SlotPicker
                            slots={freeSlots}
                            loading={slotsQuery.isPending}
                            failed={slotsQuery.isError}
                            onRetry={() => void slotsQuery.refetch()}
                            selected={selected}
                            onChange={choose}
                            error={slotsError}
                            disabled={busy}
                          />
                        )}
                        <Text aria-live="polite" fontWeight="medium" mt="2">
                          {span ? `Votre cours : ${lessonTimeLabel(span.start, span.end)} (${selected.length} h)` : ''}
                        </Text>
                      </Fieldset.Root>
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

                {firstLesson && <FirstLessonNote />}

                <SectionCard title="Annulation">
                  <List.Root as="ul" listStyleType="disc" gap="2" fontSize="sm" ps="5">
                    <List.Item>{answerWindowTerms()}</List.Item>
                    <List.Item>{parentCancellationTerms()}</List.Item>
                    <List.Item>{tutorCancellationTerms()}</List.Item>
                  </List.Root>
                </SectionCard>

                <SectionCard title="Moyen de paiement">
                  <Controller
                    control={control}
                    name="paymentMethod"
                    render={({ field }) => (
                      <PaymentMethodFields
                        name={field.name}
                        method={field.value}
                        onMethod={field.onChange}
                        phoneInput={register('phoneNumber')}
                        phoneError={errors.phoneNumber?.message}
                        hideLabel
                      />
                    )}
                  />
                </SectionCard>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {/* Beside 'Payer', where the eye is when it does not answer. */}
              <ConnectionNeeded id="booking-connection-needed" message={offlineMessages.paymentNeedsConnection} flexBasis="100%" textAlign="end" />
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Annuler
              </Button>
              <Button
                type="submit"
                disabled={!canBook || !online}
                aria-describedby={online ? undefined : 'booking-connection-needed'}
                loading={busy}
                loadingText="Traitement..."
              >
                {price ? `Payer ${formatAmount(price.total)} FCFA` : 'Payer'}
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
