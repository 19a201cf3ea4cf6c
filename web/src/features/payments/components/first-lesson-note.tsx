import { Alert, Skeleton } from '@chakra-ui/react';
import { allowanceLabel, guaranteeTerms } from '@/lib/guarantee-wording';
import { useGuaranteeAllowanceBeforePaying } from '../api/guarantee-allowance';

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
