import { messagingMessages } from '#shared/message-catalogue/messaging';
import { uiMessages } from '#shared/message-catalogue/ui';
import { REPORT_DECISIONS, REPORT_REASONS, UPHELD_REPORTS_BEFORE_RESTRICTION, type ReportDecision, type ReportStatus } from '#shared/messaging';
import type { AdminMessageReportView } from '#shared/messaging-schemas';
import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyNotice } from '@/components/ui/page-state';
import { notify } from '@/components/ui/notify';
import { PagedList } from '@/components/ui/paged-list';
import { ViewFilter, type ViewOption } from '@/components/ui/view-filter';
import { ApiRequestError } from '@/lib/api';
import { useAdminMessageReports, useDecideMessageReport } from '../api/admin-message-reports';

const text = messagingMessages;
const VIEWS: ReadonlyArray<ViewOption<ReportStatus>> = [
  { value: 'open', label: text.reportsOpen },
  { value: 'closed', label: text.reportsClosed },
];
const DECISIONS = Object.keys(REPORT_DECISIONS) as ReportDecision[];
/** Colours of the decisions: rejecting changes nothing; suspending is the heaviest. */
const DECISION_PALETTE: Record<ReportDecision, string> = { dismiss: 'gray', warn: 'orange', hide: 'orange', suspend: 'red' };

/**
 * Admin tab 'Signalements' (issue 31, point 5): the reported messages, open ones first, each with
 * its reason, who reported it, its author's record, and the messages before it — a snapshot taken
 * at the report, so that the admin never reads the rest of the conversation. A decision is asked
 * for again in a dialog, with an optional note.
 */
export function AdminMessageReportsTab() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useAdminMessageReports(status);
  return (
    <Stack gap="4" as="section" aria-labelledby="admin-message-reports-title">
      <Stack gap="1">
        <Heading as="h2" size="md" id="admin-message-reports-title">
          {text.reportsTab}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {text.reportsIntro}
        </Text>
      </Stack>
      <ViewFilter views={VIEWS} value={status} onChange={setStatus} label={text.reportsTab} />
      <PagedList
        query={query}
        itemsOf={(page) => page.reports}
        loadError={text.reportsLoadFailure}
        showErrorDetail
        skeleton={{ count: 3, height: '40' }}
        countLabel={text.reportsCount}
        refresh
        empty={<EmptyNotice icon={<LuFlag />} title={status === 'open' ? text.reportsEmpty : text.reportsClosedEmpty} />}
        renderItem={(report) => <ReportCard key={report.id} report={report} />}
      />
    </Stack>
  );
}

function ReportCard({ report }: { report: AdminMessageReportView }) {
  const { author, reporter } = report;
  return (
    <Card.Root size="sm" data-testid="message-report" data-report-id={report.id} data-status={report.status}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">{REPORT_REASONS[report.reason]}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(report.created_at)}
            </Text>
          </Stack>
          {report.decision && <Badge colorPalette={DECISION_PALETTE[report.decision]}>{REPORT_DECISIONS[report.decision]}</Badge>}
        </Flex>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{text.reportedBy}</DataList.ItemLabel>
            <DataList.ItemValue>
              {reporter.name} ({text.sideLabels[reporter.side]})
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{text.reportAuthor}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Flex gap="2" wrap="wrap" align="center">
                <span>
                  {author.name} ({text.sideLabels[author.side]})
                </span>
                <Badge colorPalette={author.upheld_reports > 0 ? 'orange' : 'gray'} data-testid="author-upheld">
                  {text.upheldReports(author.upheld_reports)}
                </Badge>
                {author.messaging_suspended && <Badge colorPalette="red">{text.messagingSuspendedBadge}</Badge>}
              </Flex>
            </DataList.ItemValue>
          </DataList.Item>
          {report.details && (
            <DataList.Item>
              <DataList.ItemLabel>{text.reportDetails}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word">{report.details}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        <Conversation report={report} />
        {report.status === 'closed' ? <DecisionRecord report={report} /> : <DecisionButtons report={report} />}
      </Card.Body>
    </Card.Root>
  );
}

/** The messages before the reported one, then the reported one, as the two people saw them. */
function Conversation({ report }: { report: AdminMessageReportView }) {
  const authorSide = report.author.side;
  const nameOf = (side: AdminMessageReportView['author']['side']) => (side === authorSide ? report.author.name : report.reporter.name);
  return (
    <Stack gap="2" as="figure" aria-label={text.reportedMessage}>
      <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase">
        {text.reportContext}
      </Text>
      {report.context.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {text.noContext}
        </Text>
      )}
      <Stack gap="1" as="ol" listStyleType="none" m="0" p="0">
        {report.context.map((message) => (
          <Box as="li" key={message.seq} fontSize="sm" bg="bg.muted" rounded="md" px="3" py="2">
            <Text fontSize="xs" color="fg.muted">
              {nameOf(message.sender)} · {formatDateTime(message.sent_at)}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {message.body}
            </Text>
          </Box>
        ))}
      </Stack>
      <Box borderWidth="2px" borderColor="border.error" rounded="md" px="3" py="2" data-testid="reported-message">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="xs" fontWeight="semibold" color="fg.error">
            {text.reportedMessage}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {report.author.name} · {formatDateTime(report.message.sent_at)}
          </Text>
          {report.message.hidden && (
            <Badge size="sm" colorPalette="gray">
              {text.hiddenBadge}
            </Badge>
          )}
        </Flex>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {report.message.body}
        </Text>
      </Box>
    </Stack>
  );
}

function DecisionRecord({ report }: { report: AdminMessageReportView }) {
  return (
    <Text fontSize="sm" data-testid="report-decision">
      <Text as="span" fontWeight="medium">
        {text.decisionLabel} :
      </Text>{' '}
      {report.decision ? REPORT_DECISIONS[report.decision] : '—'}
      {report.decided_at && ` · ${formatDateTime(report.decided_at)}`}
      {report.note && ` · ${report.note}`}
    </Text>
  );
}

/** The four decisions; each one asked again, with a note, before it is sent. */
function DecisionButtons({ report }: { report: AdminMessageReportView }) {
  const [decision, setDecision] = useState<ReportDecision | null>(null);
  const decide = useDecideMessageReport();
  // The third upheld report restricts the author's messaging (UPHELD_REPORTS_BEFORE_RESTRICTION): say so before.
  const restricts = decision !== null && decision !== 'dismiss' && !report.author.messaging_suspended && report.author.upheld_reports + 1 >= UPHELD_REPORTS_BEFORE_RESTRICTION;

  const confirm = async (note: string) => {
    if (!decision) return;
    try {
      await decide.mutateAsync({ id: report.id, decision, note: note.trim() || undefined });
      notify.success({ title: text.reportDecided });
    } catch (error) {
      notify.error({ title: text.decideFailure, description: error instanceof ApiRequestError ? error.message : uiMessages.networkFailure });
    } finally {
      setDecision(null);
    }
  };

  return (
    <Flex gap="2" wrap="wrap">
      {DECISIONS.map((value) => (
        <Button key={value} size="xs" variant={value === 'dismiss' ? 'outline' : 'solid'} colorPalette={DECISION_PALETTE[value]} onClick={() => setDecision(value)}>
          {REPORT_DECISIONS[value]}
        </Button>
      ))}
      <ConfirmDialog
        open={decision !== null}
        title={decision ? REPORT_DECISIONS[decision] : ''}
        description={decision ? `${text.decisionConfirm[decision]}${restricts ? ` ${text.restrictionWarning}` : ''}` : ''}
        confirmLabel={decision ? REPORT_DECISIONS[decision] : ''}
        destructive={decision === 'suspend' || decision === 'hide'}
        withNotes
        loading={decide.isPending}
        onConfirm={(note) => void confirm(note)}
        onCancel={() => setDecision(null)}
      />
    </Flex>
  );
}
