import type { TransactionView } from '#shared/payments-schemas';
import { moneyReceived } from '#shared/transaction-process';
import { Alert, Skeleton } from '@chakra-ui/react';
import { allowanceLabel, guaranteeTerms } from '@/lib/guarantee-wording';
import { useGuaranteeAllowanceBeforePaying } from '../api/guarantee-allowance';

/**
 * This booking would be the parent's first lesson with the tutor: no earlier lesson with them whose
 * money was received (the API's own rule for marking a booking `trial`, read from the parent's
 * payments already loaded — they are every transaction of the parent, newest first).
 */
export function isFirstLessonWith(tutorId: string, transactions: readonly TransactionView[]): boolean {
  return !transactions.some((tx) => tx.tutor_id === tutorId && moneyReceived(tx));
}

/** 'Premier cours' in the booking dialog: the trial guarantee, and what is left of it this year. */
export function FirstLessonNote() {
  const allowance = useGuaranteeAllowanceBeforePaying(true);
  return (
    <Alert.Root status="success" variant="subtle" data-testid="first-lesson-note">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Premier cours</Alert.Title>
        <Alert.Description>
          {guaranteeTerms()}{' '}
          {allowance.data ? allowanceLabel(allowance.data) : allowance.isPending ? <Skeleton as="span" display="inline-block" h="4" w="40" /> : null}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
