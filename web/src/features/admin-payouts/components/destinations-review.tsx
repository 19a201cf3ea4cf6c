import { payoutsMessages } from '#shared/message-catalogue/payouts';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatIvorianPhone } from '#shared/payouts';
import type { AdminDestinationView } from '#shared/payouts-schemas';
import { Badge, Button, Card, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuSmartphone, LuX } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/notify';
import { EmptyNotice } from '@/components/ui/page-state';
import { PagedList } from '@/components/ui/paged-list';
import { ApiRequestError } from '@/lib/api';
import { usePayoutDestinationsToReview, useReviewDestination } from '../api/admin-payouts';

/** Destinations whose holder's name differs from the KYC name: an admin approves or refuses each, with a note. */
export function DestinationsToReview() {
  const query = usePayoutDestinationsToReview();
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.destinations}
      loadError={payoutsMessages.adminDestinationsLoadFailure}
      showErrorDetail
      skeleton={{ count: 1, height: '24' }}
      empty={<EmptyNotice icon={<LuSmartphone />} title={payoutsMessages.adminDestinationsEmpty} />}
      renderItem={(destination) => <DestinationCard key={destination.tutor_user_id} destination={destination} />}
    />
  );
}

function DestinationCard({ destination }: { destination: AdminDestinationView }) {
  const review = useReviewDestination();
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const decide = async () => {
    if (!decision) return;
    if (note.trim().length < 3) return setError(payoutsMessages.noteRequired);
    try {
      await review.mutateAsync({ tutorId: destination.tutor_user_id, decision, note: note.trim() });
      notify.success({ title: decision === 'approve' ? payoutsMessages.adminApproved : payoutsMessages.adminRejected });
      setDecision(null);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : uiMessages.networkFailure);
    }
  };

  return (
    <Card.Root size="sm" data-testid="destination-review" data-tutor-id={destination.tutor_user_id}>
      <Card.Body gap="2">
        <Flex justify="space-between" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{destination.tutor_name}</Text>
          <Badge colorPalette="orange">{payoutsMessages.destinationStatus[destination.status]}</Badge>
        </Flex>
        <Text fontSize="sm">
          {destination.operator_label} · {formatIvorianPhone(destination.phone)} · {formatDateTime(destination.changed_at)}
        </Text>
        <Text fontSize="sm">
          {payoutsMessages.holderLabel} : <strong>{destination.holder_name}</strong> · {payoutsMessages.adminKycName} :{' '}
          <strong>{destination.kyc_name ?? '—'}</strong>
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button size="xs" colorPalette="green" onClick={() => setDecision('approve')}>
            <LuCheck /> {payoutsMessages.adminApprove}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDecision('reject')}>
            <LuX /> {payoutsMessages.adminReject}
          </Button>
        </Flex>
      </Card.Body>
      <DialogFrame
        open={decision !== null}
        onClose={() => !review.isPending && setDecision(null)}
        role="alertdialog"
        closeButton={false}
        title={decision === 'approve' ? payoutsMessages.adminApproveTitle : payoutsMessages.adminRejectTitle}
        footer={
          <>
            <Button variant="outline" onClick={() => setDecision(null)} disabled={review.isPending}>
              {payoutsMessages.cancel}
            </Button>
            <Button colorPalette={decision === 'approve' ? 'green' : 'red'} loading={review.isPending} onClick={() => void decide()}>
              {decision === 'approve' ? payoutsMessages.adminApprove : payoutsMessages.adminReject}
            </Button>
          </>
        }
      >
        <Stack gap="3">
          <Text fontSize="sm">
            {destination.holder_name} / {destination.kyc_name ?? '—'}
          </Text>
          <FormField label={payoutsMessages.adminNoteLabel} required error={error}>
            <Textarea value={note} maxLength={500} rows={3} onChange={(event) => setNote(event.currentTarget.value)} />
          </FormField>
        </Stack>
      </DialogFrame>
    </Card.Root>
  );
}
