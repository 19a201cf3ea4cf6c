import { courseOf } from '#shared/french';
import { LESSON_ACTIONS, type LessonAction, type LessonSide, type LessonView } from '#shared/lesson-schemas';
import { commissionOf, formatFcfa } from '#shared/money';
import { Badge, Button, Card, Flex, Heading, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { messagingMessages } from '#shared/message-catalogue/messaging';
import { offlineMessages } from '#shared/message-catalogue/offline';
import { forwardRef, type ReactNode } from 'react';
import { LuMessageCircle } from 'react-icons/lu';
import { STATUS_PALETTE } from '@/components/money/transaction-status-badge';
import { ConnectionNeeded } from '@/components/pwa/connection-needed';
import { refundNote } from '@/lib/cancellation-wording';
import { frenchMoment, lessonTimeLabel } from '@/lib/lesson-dates';
import { useOnline } from '@/lib/pwa/online';
import { ACTION_LABELS, MONEY_ACTIONS, PRIMARY_ACTIONS } from '../lesson-actions';

interface LessonCardProps {
  lesson: LessonView;
  side: LessonSide;
  /** Opened from a link to this lesson (`?lesson=<id>`, the notifications'). */
  highlighted: boolean;
  busy: boolean;
  onAction: (action: LessonAction) => void;
  /** 'Messages' (issue 31): the pair's conversation, opened from this lesson. */
  onOpenConversation?: () => void;
  /** That conversation is being opened. */
  conversationPending?: boolean;
  /** Buttons of another kind for this lesson (a package lesson's 'Proposer un autre créneau'). */
  extraActions?: ReactNode;
  /** The trial guarantee's parts (issue 32, given by app/): 'Premier cours', the tutor's rule, the parent's claim. */
  guarantee?: { badge: ReactNode; notice: ReactNode; action: ReactNode };
}

const isLink = (place: string) => /^https?:\/\//i.test(place);

/** What the card says of the lesson's state beyond its badge (who must do what, by when). */
function stateNotes(lesson: LessonView, side: LessonSide): string[] {
  const notes: string[] = [];
  if (lesson.status === 'requested' && lesson.answer_deadline) {
    notes.push(
      side === 'tutor'
        ? `Répondez avant le ${frenchMoment(lesson.answer_deadline)} : sans réponse, la demande sera refusée et le parent remboursé.`
        : `Le répétiteur doit confirmer avant le ${frenchMoment(lesson.answer_deadline)} ; sinon vous serez remboursé intégralement.`,
    );
  }
  if (lesson.given_at) notes.push(`Cours marqué comme donné le ${frenchMoment(lesson.given_at)}.`);
  if (lesson.status === 'escrow' && lesson.auto_release_at && lesson.given_at) {
    notes.push(
      side === 'tutor'
        ? `Sans signalement du parent, les fonds vous seront versés le ${frenchMoment(lesson.auto_release_at)}.`
        : `Sans signalement de votre part, les fonds seront versés au répétiteur le ${frenchMoment(lesson.auto_release_at)}.`,
    );
  }
  const refund = refundNote(lesson);
  if (refund) notes.push(refund);
  return notes;
}

/** One lesson of 'Mes cours': its state, day and hours, who, where, how much, and the actions allowed now. */
export const LessonCard = forwardRef<HTMLDivElement, LessonCardProps>(function LessonCard(
  { lesson, side, highlighted, busy, onAction, onOpenConversation, conversationPending, extraActions, guarantee },
  ref,
) {
  const titleId = `lesson-${lesson.id}-title`;
  const actions = LESSON_ACTIONS.filter((action) => lesson.actions.includes(action));
  const online = useOnline();
  const tutorShare = lesson.amount_total - commissionOf(lesson.amount_total);
  return (
    <Card.Root
      ref={ref}
      as="article"
      size="sm"
      aria-labelledby={titleId}
      data-testid="lesson-card"
      data-lesson-id={lesson.id}
      data-highlighted={highlighted || undefined}
      tabIndex={highlighted ? -1 : undefined}
      borderColor={highlighted ? 'orange.solid' : undefined}
      borderWidth={highlighted ? '2px' : undefined}
      // Focused by the page, not by the user: its orange border is the mark.
      outline={highlighted ? 'none' : undefined}
      scrollMarginTop="24"
    >
      <Card.Body gap="3">
        {/* On phones the badge goes above the title, which then has the card's whole width. */}
        <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" align="start" gap={{ base: '1', sm: '3' }}>
          <Stack gap="0.5" minW="0" flex="1">
            <Heading as="h3" size="sm" id={titleId}>
              {courseOf(lesson.subject)} — {lesson.level}
            </Heading>
            <Text fontWeight="medium">{lessonTimeLabel(lesson.start, lesson.end)}</Text>
          </Stack>
          <Wrap gap="1">
            {guarantee?.badge}
            <Badge colorPalette={STATUS_PALETTE[lesson.status]} variant="subtle" size="md">
              {lesson.status_label}
            </Badge>
          </Wrap>
        </Flex>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel>{side === 'tutor' ? 'Parent' : 'Répétiteur'}</DataList.ItemLabel>
            <DataList.ItemValue>{side === 'tutor' ? lesson.parent_name : lesson.tutor_name}</DataList.ItemValue>
          </DataList.Item>
          {lesson.place && (
            <DataList.Item>
              <DataList.ItemLabel>{isLink(lesson.place) ? 'Lien' : 'Lieu'}</DataList.ItemLabel>
              <DataList.ItemValue minW="0" overflowWrap="anywhere">
                {isLink(lesson.place) ? (
                  <Link href={lesson.place} target="_blank" rel="noopener noreferrer" colorPalette="orange">
                    {lesson.place}
                  </Link>
                ) : (
                  lesson.place
                )}
              </DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel>Montant</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatFcfa(lesson.amount_total)}
              {side === 'tutor' ? ` (votre part : ${formatFcfa(tutorShare)})` : ''}
            </DataList.ItemValue>
          </DataList.Item>
          {lesson.notes && (
            <DataList.Item>
              <DataList.ItemLabel>Notes</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-line" minW="0" overflowWrap="anywhere">
                {lesson.notes}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        {stateNotes(lesson, side).map((note) => (
          <Text key={note} fontSize="sm" color="fg.muted">
            {note}
          </Text>
        ))}
        {guarantee?.notice}
        {(actions.length > 0 || onOpenConversation || extraActions || guarantee?.action) && (
          <Wrap gap="2">
            {guarantee?.action}
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={PRIMARY_ACTIONS.includes(action) ? 'solid' : 'outline'}
                colorPalette={action === 'decline' || action === 'cancel' ? 'red' : undefined}
                disabled={busy || (!online && MONEY_ACTIONS.includes(action))}
                aria-describedby={!online && MONEY_ACTIONS.includes(action) ? `${lesson.id}-connection-needed` : undefined}
                onClick={() => onAction(action)}
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
            {extraActions}
            {onOpenConversation && (
              <Button
                size="sm"
                variant="ghost"
                colorPalette="orange"
                aria-label={`${messagingMessages.openConversation} avec ${side === 'tutor' ? lesson.parent_name : lesson.tutor_name}`}
                // aria-disabled, not disabled: the keyboard focus stays on the button while it works.
                aria-disabled={conversationPending || undefined}
                loading={conversationPending}
                onClick={() => !conversationPending && onOpenConversation()}
              >
                <LuMessageCircle />
                {messagingMessages.openConversation}
              </Button>
            )}
          </Wrap>
        )}
        {actions.some((action) => MONEY_ACTIONS.includes(action)) && (
          <ConnectionNeeded id={`${lesson.id}-connection-needed`} message={offlineMessages.moneyActionNeedsConnection} />
        )}
      </Card.Body>
    </Card.Root>
  );
});
