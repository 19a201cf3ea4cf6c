import type { LessonAction, LessonView } from '#shared/lesson-schemas';
import { lessonsMessages } from '#shared/message-catalogue/lessons';
import { packagesMessages } from '#shared/message-catalogue/packages';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import type { PackageView } from '#shared/package-schemas';
import { Alert, Button, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LuCalendarX, LuHistory } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { useOpenConversation } from '@/lib/conversation-entry';
import { useLessonAction, useMyLessons } from '../api/lessons';
import { useMyCredits, useMyPackages, usePackageAnswer, useReschedule, useStopPackage } from '../api/packages';
import { ACTION_DONE, actionConfirmation } from '../lesson-actions';
import { movable, stopConsequence } from '../package-wording';
import { CreditsSection } from './credits-section';
import { LessonCard } from './lesson-card';
import { PackageGroup } from './package-group';
import { RenewalDialog } from './renewal-dialog';
import { SlotChoiceDialog } from './slot-choice-dialog';
import { TutorWeek } from './tutor-week';
import { OfflineCopyBanner } from '@/components/pwa/offline-copy-banner';

export const MY_LESSONS_TITLE = 'Mes cours';

/** The confirmation open (or closing: the lesson stays while the dialog animates out). */
interface Asked {
  lesson: LessonView;
  action: LessonAction;
  open: boolean;
  /** When it was asked: a cancellation's refund is computed for that moment. */
  at: Date;
}

/** A package action asked (stop, the tutor's answer), waiting for its confirmation. */
interface PackageAsked {
  pkg: PackageView;
  kind: 'stop' | 'accept' | 'decline';
  open: boolean;
  at: Date;
}

const PACKAGE_DONE = {
  stop: packagesMessages.stopped,
  accept: packagesMessages.accepted,
  decline: packagesMessages.declined,
} as const;

/**
 * 'Mes cours' (issue 15, point 6), for parents and tutors: upcoming lessons (soonest first), then
 * past ones, with the actions allowed now and the pair's messages (issue 31); the tutor's week above them. `?lesson=<id>` (the
 * notifications' links) scrolls to that lesson and marks it.
 */
interface MyLessonsProps {
  /** The trial guarantee's parts of a lesson card (issue 32: the guarantee feature's, composed by app/). */
  guarantee?: (lesson: LessonView, side: 'parent' | 'tutor', busy: boolean) => { badge: ReactNode; notice: ReactNode; action: ReactNode };
  /** The parent's free lessons of the guarantee ('Cours offerts'), beside the package credits. */
  guaranteeCredits?: ReactNode;
}

export function MyLessons({ guarantee, guaranteeCredits }: MyLessonsProps = {}) {
  const query = useMyLessons();
  const packagesQuery = useMyPackages();
  const side = query.data?.side;
  const creditsQuery = useMyCredits(side === 'parent');
  const act = useLessonAction();
  const answer = usePackageAnswer();
  const stop = useStopPackage();
  const [packageAsked, setPackageAsked] = useState<PackageAsked | null>(null);
  const [renewing, setRenewing] = useState<PackageView | null>(null);
  const [moving, setMoving] = useState<{ lesson: LessonView; until: string } | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const reschedule = useReschedule(moving?.lesson.tutor_id ?? '');
  const conversation = useOpenConversation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [params] = useSearchParams();
  const target = params.get('lesson');
  const cards = useRef(new Map<string, HTMLDivElement>());

  // Once the lessons are drawn, the linked one is scrolled to and focused (so the keyboard starts there).
  // Drawn means the packages too: until they answer the screen is a skeleton (which answers first
  // depends on the network — and on the service worker's cache, issue 34).
  const shown = Boolean(query.data) && !packagesQuery.isPending;
  useEffect(() => {
    if (!target || !shown) return;
    const card = cards.current.get(target);
    if (!card) return;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [target, shown]);

  if (query.isPending || packagesQuery.isPending) {
    return (
      <Stack gap="3" role="status" aria-busy="true" aria-label={uiMessages.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="36" rounded="lg" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <LoadError title={lessonsMessages.loadFailure} description={query.error.message} onRetry={() => void query.refetch()} />;
  }

  const { upcoming, past } = query.data;
  const lessonSide = query.data.side;
  // A package's lessons are listed under it (a failed package booked nothing: its lessons stay single).
  const packages = (packagesQuery.data ?? []).filter((pkg) => pkg.status !== 'failed');
  const packageOf = new Map(packages.flatMap((pkg) => pkg.lessons.map((lesson) => [lesson.id, pkg] as const)));
  const all = [...upcoming, ...past];
  const single = (lessons: LessonView[]) => lessons.filter((lesson) => !packageOf.has(lesson.id));
  const confirmation = asked && actionConfirmation(asked.lesson, asked.action, lessonSide, asked.at, packageOf.has(asked.lesson.id));

  const confirm = (reason: string) => {
    if (!asked) return;
    const { lesson, action } = asked;
    act.mutate(
      { id: lesson.id, action, reason: reason || undefined },
      {
        onSuccess: () => notify.success({ title: ACTION_DONE[action] }),
        onError: (error) =>
          notify.error({ title: 'Action impossible', description: error instanceof ApiRequestError ? error.message : uiMessages.networkFailure }),
        onSettled: () => setAsked((current) => current && { ...current, open: false }),
      },
    );
  };

  const confirmPackage = () => {
    if (!packageAsked) return;
    const { pkg, kind } = packageAsked;
    const done = { onSuccess: () => notify.success({ title: PACKAGE_DONE[kind] }), onError: failed, onSettled: () => setPackageAsked((current) => current && { ...current, open: false }) };
    if (kind === 'stop') stop.mutate(pkg.id, done);
    else answer.mutate({ id: pkg.id, answer: kind }, done);
  };

  const card = (lesson: LessonView) => {
    const pkg = packageOf.get(lesson.id);
    // The tutor moves a package lesson (a day off): a free slot of theirs up to a week after the package's end.
    const move =
      lessonSide === 'tutor' && pkg && movable(lesson, new Date()) ? (
        <Button size="sm" variant="outline" onClick={() => (setMoveError(null), setMoving({ lesson, until: new Date(Date.parse(pkg.end) + 7 * 86_400_000).toISOString() }))}>
          Proposer un autre créneau
        </Button>
      ) : undefined;
    return (
        <LessonCard
          key={lesson.id}
          ref={(card) => {
            if (card) cards.current.set(lesson.id, card);
            else cards.current.delete(lesson.id);
          }}
          lesson={lesson}
          side={lessonSide}
          highlighted={lesson.id === target}
          busy={act.isPending}
          onAction={(action) => setAsked({ lesson, action, open: true, at: new Date() })}
          onOpenConversation={() => conversation.open({ transaction_id: lesson.id })}
          conversationPending={conversation.pendingTransactionId === lesson.id}
          extraActions={move}
          guarantee={guarantee?.(lesson, lessonSide, act.isPending)}
        />
    );
  };

  const list = (lessons: LessonView[]) => <Stack gap="3">{lessons.map(card)}</Stack>;

  const packageActions = (pkg: PackageView): ReactNode => {
    const ask = (kind: PackageAsked['kind']) => setPackageAsked({ pkg, kind, open: true, at: new Date() });
    const busy = stop.isPending || answer.isPending;
    if (lessonSide === 'tutor') {
      const awaiting = all.some((lesson) => packageOf.get(lesson.id) === pkg && lesson.status === 'requested');
      if (!awaiting) return null;
      return (
        <>
          <Button size="sm" disabled={busy} onClick={() => ask('accept')}>
            Accepter le forfait
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={() => ask('decline')}>
            Refuser
          </Button>
        </>
      );
    }
    return (
      <>
        {pkg.renewal_open && (
          <Button size="sm" onClick={() => setRenewing(pkg)}>
            Renouveler
          </Button>
        )}
        {pkg.status === 'active' && (
          <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={() => ask('stop')}>
            Arrêter le forfait
          </Button>
        )}
      </>
    );
  };

  const packageConfirmation = packageAsked && packageDialog(packageAsked, all);

  return (
    <Stack gap="6">
      <OfflineCopyBanner screen="lessons" />
      {lessonSide === 'tutor' && <TutorWeek lessons={all} />}
      {packagesQuery.isError && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{packagesMessages.loadFailure}</Alert.Title>
        </Alert.Root>
      )}
      {creditsQuery.data && <CreditsSection credits={creditsQuery.data} />}
      {lessonSide === 'parent' && guaranteeCredits}
      {packages.length > 0 && (
        <Stack as="section" gap="3" aria-labelledby="lessons-packages">
          <Heading as="h2" size="md" id="lessons-packages">
            Forfaits
          </Heading>
          {packages.map((pkg) => (
            <PackageGroup
              key={pkg.id}
              pkg={pkg}
              side={lessonSide}
              lessons={all.filter((lesson) => packageOf.get(lesson.id) === pkg)}
              renderLesson={card}
              actions={packageActions(pkg)}
            />
          ))}
        </Stack>
      )}
      <Stack as="section" gap="3" aria-labelledby="lessons-upcoming">
        <Heading as="h2" size="md" id="lessons-upcoming">
          À venir
        </Heading>
        {single(upcoming).length === 0 ? (
          <EmptyNotice
            icon={<LuCalendarX />}
            title="Aucun cours à venir"
            description={lessonSide === 'parent' ? 'Choisissez un répétiteur et réservez un créneau libre.' : 'Les demandes des parents apparaîtront ici.'}
            action={lessonSide === 'parent' ? <EmptyAction /> : undefined}
            card={{ variant: 'outline' }}
          />
        ) : (
          list(single(upcoming))
        )}
      </Stack>
      <Stack as="section" gap="3" aria-labelledby="lessons-past">
        <Heading as="h2" size="md" id="lessons-past">
          Passés et annulés
        </Heading>
        {single(past).length === 0 ? (
          <EmptyNotice icon={<LuHistory />} title="Aucun cours passé ni annulé" card={{ variant: 'outline' }} />
        ) : (
          list(single(past))
        )}
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
          notesRequired={confirmation.reasonLabel ? lessonsMessages.reasonRequired : undefined}
          loading={act.isPending}
          onConfirm={confirm}
          onCancel={() => setAsked({ ...asked, open: false })}
        />
      )}
      {packageAsked && packageConfirmation && (
        <ConfirmDialog
          key={`${packageAsked.pkg.id}:${packageAsked.kind}`}
          open={packageAsked.open}
          {...packageConfirmation}
          loading={stop.isPending || answer.isPending}
          onConfirm={confirmPackage}
          onCancel={() => setPackageAsked({ ...packageAsked, open: false })}
        />
      )}
      {renewing && <RenewalDialog pkg={renewing} onClose={() => setRenewing(null)} />}
      {moving && (
        <SlotChoiceDialog
          title="Proposer un autre créneau"
          description={`Le cours avec ${moving.lesson.parent_name} est déplacé sur un de vos créneaux libres ; le parent est prévenu.`}
          tutorId={moving.lesson.tutor_id}
          hours={moving.lesson.duration_hours}
          until={moving.until}
          confirmLabel="Déplacer le cours"
          busy={reschedule.isPending}
          error={moveError}
          onClose={() => setMoving(null)}
          onConfirm={(slots) =>
            reschedule.mutate(
              { id: moving.lesson.id, slots },
              {
                onSuccess: () => (notify.success({ title: packagesMessages.rescheduled }), setMoving(null)),
                onError: (error) => setMoveError(error instanceof ApiRequestError ? error.message : uiMessages.networkFailure),
              },
            )
          }
        />
      )}
    </Stack>
  );
}

/** Says an action failed, in the API's words. */
function failed(error: unknown) {
  notify.error({ title: 'Action impossible', description: error instanceof ApiRequestError ? error.message : uiMessages.networkFailure });
}

/** What a package action's confirmation says: for a stop, what the policy gives back now. */
function packageDialog(asked: PackageAsked, lessons: LessonView[]) {
  const { pkg, kind, at } = asked;
  switch (kind) {
    case 'stop':
      return { title: 'Arrêter le forfait ?', description: stopConsequence(pkg, lessons, at), confirmLabel: 'Arrêter le forfait', destructive: true };
    case 'accept':
      return {
        title: 'Accepter le forfait ?',
        description: `${pkg.counts.lessons} cours avec ${pkg.parent_name}. Le parent sera prévenu ; chaque cours vous est versé une fois confirmé.`,
        confirmLabel: 'Accepter le forfait',
        destructive: false,
      };
    case 'decline':
      return {
        title: 'Refuser le forfait ?',
        description: `Les cours en attente de réponse sont refusés et le parent remboursé intégralement (${formatFcfa(pkg.amount_total)}). Cette action est irréversible.`,
        confirmLabel: 'Refuser',
        destructive: true,
      };
  }
}

function EmptyAction() {
  return (
    <Button asChild size="sm">
      <RouterLink to="/search">Trouver un répétiteur</RouterLink>
    </Button>
  );
}
