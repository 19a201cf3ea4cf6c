import { messagingMessages } from '#shared/message-catalogue/messaging';
import { uiMessages } from '#shared/message-catalogue/ui';
import { REPORT_REASONS, type ReportReason } from '#shared/messaging-schemas';
import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { Dialog } from '@/components/chakra/dialog';
import { RadioCard } from '@/components/chakra/radio-card';
import { useState } from 'react';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useReportMessage } from '../api/messages';

const DETAILS_MAX_LENGTH = 500;
const REASONS = Object.entries(REPORT_REASONS) as Array<[ReportReason, string]>;

interface ReportDialogProps {
  conversationId: string;
  /** The message reported (the other side's); null: closed. */
  messageId: string | null;
  onClose: () => void;
}

/** 'Signaler': a reason and optional details, sent to the admins' queue (a second report of the same message says so). */
export function ReportDialog({ conversationId, messageId, onClose }: ReportDialogProps) {
  const report = useReportMessage(conversationId);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  const close = () => {
    setReason(null);
    setDetails('');
    setMissingReason(false);
    report.reset();
    onClose();
  };

  const submit = () => {
    if (!messageId) return;
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const trimmed = details.trim();
    report.mutate(
      { messageId, report: { reason, ...(trimmed ? { details: trimmed } : {}) } },
      {
        onSuccess: () => {
          notify.success({ title: messagingMessages.reportSent });
          close();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 409) {
            notify.info({ title: messagingMessages.alreadyReported });
            close();
            return;
          }
          notify.error({ title: error instanceof ApiRequestError ? error.message : uiMessages.networkFailure });
        },
      },
    );
  };

  return (
    <DialogFrame
      open={messageId !== null}
      onClose={close}
      title={messagingMessages.reportTitle}
      closeButton={report.isPending ? 'disabled' : true}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" disabled={report.isPending}>
              Annuler
            </Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" loading={report.isPending} onClick={submit}>
            {messagingMessages.report}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root invalid={missingReason} required>
          {/* RadioCard: its recipe is in Kalan's theme (app/theme.ts), RadioGroup's is not. */}
          <RadioCard.Root
            size="sm"
            colorPalette="orange"
            value={reason}
            onValueChange={({ value }) => {
              setReason(value as ReportReason);
              setMissingReason(false);
            }}
          >
            <RadioCard.Label fontWeight="medium">Motif du signalement</RadioCard.Label>
            <Stack gap="2" mt="1">
              {REASONS.map(([value, label]) => (
                <RadioCard.Item key={value} value={value}>
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemText>{label}</RadioCard.ItemText>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </Stack>
          </RadioCard.Root>
          {missingReason && <Field.ErrorText>{messagingMessages.reportReasonRequired}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>Précisions (facultatif)</Field.Label>
          <Textarea value={details} maxLength={DETAILS_MAX_LENGTH} rows={3} onChange={(event) => setDetails(event.target.value)} />
          <Field.HelperText>
            <Text as="span">Un administrateur lira ce message et les quelques messages qui le précèdent, pas le reste de la conversation.</Text>
          </Field.HelperText>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
