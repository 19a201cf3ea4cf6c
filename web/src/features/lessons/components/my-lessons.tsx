import type { LessonAction, LessonView } from '#shared/lesson-schemas';
import { messages } from '#shared/messages';
import { Button, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCalendarX, LuHistory } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { useOpenConversation } from '@/lib/conversation-entry';
import { useLessonAction, useMyLessons } from '../api/lessons';
import { ACTION_DONE, actionConfirmation } from '../lesson-actions';
import { LessonCard } from './lesson-card';
import { TutorWeek } from './tutor-week';

export const MY_LESSONS_TITLE = 'Mes cours';

/** The confirmation open (or closing: the lesson stays while the dialog animates out). */
interface Asked {
  lesson: LessonView;
  action: LessonAction;
  open: boolean;
  /** When it was asked: a cancellation's refund is computed for that moment. */
  at: Date;
}

/**
 * 'Mes cours' (issue 15, point 6), for parents and tutors: upcoming lessons (soonest first), then
 * past ones, with the actions allowed now and the pair's messages (issue 31); the tutor's week above them. `?lesson=<id>` (the
 * notifications' links) scrolls to that lesson and marks it.
 */
export function MyLessons() {
  const query = useMyLessons();
  const act = useLessonAction();
  const conversation = useOpenConversation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [params] = useSearchParams();
  const target = params.get('lesson');
  const cards = useRef(new Map<string, HTMLDivElement>());

  // Once the lessons are drawn, the linked one is scrolled to and focused (so the keyboard starts there).
  const shown = Boolean(query.data);
  useEffect(() => {
    if (!target || !shown) return;
    const card = cards.current.get(target);
    if (!card) return;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [target, shown]);

  if (query.isPending) {
    return (
      <Stack gap="3" role="status" aria-busy="true" aria-label={messages.ui.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="36" rounded="lg" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <LoadError title={messages.lessons.loadFailure} description={query.error.message} onRetry={() => void query.refetch()} />;
  }

  const { side, upcoming, past } = query.data;
  const confirmation = asked && actionConfirmation(asked.lesson, asked.action, side, asked.at);

  const confirm = (reason: string) => {
    if (!asked) return;
    const { lesson, action } = asked;
    act.mutate(
      { id: lesson.id, action, reason: reason || undefined },
      {
        onSuccess: () => notify.success({ title: ACTION_DONE[action] }),
        onError: (error) =>
          notify.error({ title: 'Action impossible', description: error instanceof ApiRequestError ? error.message : messages.ui.networkFailure }),
        onSettled: () => setAsked((current) => current && { ...current, open: false }),
      },
    );
  };

  const list = (lessons: LessonView[]) => (
    <Stack gap="3">
      {lessons.map((lesson) => (
        <LessonCard
          key={lesson.id}
          ref={(card) => {
            if (card) cards.current.set(lesson.id, card);
            else cards.current.delete(lesson.id);
          }}
          lesson={lesson}
          side={side}
          highlighted={lesson.id === target}
          busy={act.isPending}
          onAction={(action) => setAsked({ lesson, action, open: true, at: new Date() })}
          onOpenConversation={() => conversation.open({ transaction_id: lesson.id })}
          conversationPending={conversation.pendingTransactionId === lesson.id}
        />
      ))}
    </Stack>
  );

  return (
    <Stack gap="6">
      {side === 'tutor' && <TutorWeek lessons={[...upcoming, ...past]} />}
      <Stack as="section" gap="3" aria-labelledby="lessons-upcoming">
        <Heading as="h2" size="md" id="lessons-upcoming">
          À venir
        </Heading>
        {upcoming.length === 0 ? (
          <EmptyNotice
            icon={<LuCalendarX />}
            title="Aucun cours à venir"
            description={side === 'parent' ? 'Choisissez un répétiteur et réservez un créneau libre.' : 'Les demandes des parents apparaîtront ici.'}
            action={side === 'parent' ? <EmptyAction /> : undefined}
            card={{ variant: 'outline' }}
          />
        ) : (
          list(upcoming)
        )}
      </Stack>
      <Stack as="section" gap="3" aria-labelledby="lessons-past">
        <Heading as="h2" size="md" id="lessons-past">
          Passés et annulés
        </Heading>
        {past.length === 0 ? <EmptyNotice icon={<LuHistory />} title="Aucun cours passé ni annulé" card={{ variant: 'outline' }} /> : list(past)}
      </Stack>

      {asked && confirmation && (
        <ConfirmDialog
          key={`${asked.lesson.id}:${asked.action}`}
          open={asked.open}
          title={confirmation.title}
          description={confirmation.description}
          confirmLabel={confirmation.confirmLabel}
          destructive={confirmation.destructive}
          withNotes={Boolean(confirmation.reasonLabel)}
          notesLabel={confirmation.reasonLabel}
          notesRequired={confirmation.reasonLabel ? messages.lessons.reasonRequired : undefined}
          loading={act.isPending}
          onConfirm={confirm}
          onCancel={() => setAsked({ ...asked, open: false })}
        />
      )}
    </Stack>
  );
}

function EmptyAction() {
  return (
    <Button asChild size="sm">
      <RouterLink to="/search">Trouver un répétiteur</RouterLink>
    </Button>
  );
}
