import { DISPUTE_RATING_THRESHOLD } from '#shared/constants';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { RATING_MAX } from '#shared/payments';
import { Button, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuStar } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useRateCourse } from '../api/payments';

/** After the lesson: 1–5 stars and an optional review; 2 or less opens a dispute. */
export function RatingForm({ transactionId }: { transactionId: string }) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const rate = useRateCourse();
  const submit = async () => {
    try {
      const result = await rate.mutateAsync({ id: transactionId, rating, review: review.trim() || undefined });
      notify.success({ title: paymentsMessages.rated, description: result.dispute ? paymentsMessages.disputeOpened : undefined });
    } catch (error) {
      notify.error({ title: paymentsMessages.loadFailure, description: error instanceof ApiRequestError ? error.message : undefined });
    }
  };
  if (!open) {
    return (
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setOpen(true)}>
        <LuStar /> Noter ce cours
      </Button>
    );
  }
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <Text fontWeight="medium">Notez ce cours</Text>
      <HStack gap="1" role="radiogroup" aria-label="Note du cours">
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
          <IconButton
            key={value}
            role="radio"
            aria-checked={rating === value}
            aria-label={`${value} sur 5`}
            variant="ghost"
            size="sm"
            color={value <= rating ? 'orange.solid' : 'fg.subtle'}
            onClick={() => setRating(value)}
          >
            <LuStar fill={value <= rating ? 'currentColor' : 'none'} />
          </IconButton>
        ))}
      </HStack>
      {rating > 0 && rating <= DISPUTE_RATING_THRESHOLD && (
        <Text fontSize="sm" color="orange.fg">
          Une note de {DISPUTE_RATING_THRESHOLD} ou moins ouvre un litige : un administrateur examinera le cours.
        </Text>
      )}
      <Field.Root>
        <Field.Label>Votre avis (facultatif)</Field.Label>
        <Textarea value={review} maxLength={2000} rows={2} onChange={(event) => setReview(event.target.value)} />
      </Field.Root>
      <Button size="sm" alignSelf="start" disabled={rating === 0} loading={rate.isPending} onClick={submit}>
        Envoyer ma note
      </Button>
    </Stack>
  );
}
