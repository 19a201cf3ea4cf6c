import type { LessonSide, LessonView } from '#shared/lesson-schemas';
import { formatFcfa } from '#shared/money';
import type { PackageView } from '#shared/package-schemas';
import { Badge, Box, Button, Card, Flex, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { frenchMoment } from '@/lib/lesson-dates';
import { WEEKDAY_LABELS } from '../package-wording';

interface PackageGroupProps {
  pkg: PackageView;
  side: LessonSide;
  /** The package's lessons as 'Mes cours' lists them (with the actions allowed now). */
  lessons: LessonView[];
  renderLesson: (lesson: LessonView) => ReactNode;
  /** The package's own actions (stop, renew, accept, decline): the page's buttons. */
  actions?: ReactNode;
}

/**
 * A package in 'Mes cours' (issue 32): one header — 'Forfait · 3 cours/semaine · 9 cours
 * restants', who, the weekly slots, its money (paid, released, refunded, kept as credits, held) —
 * and its lessons under it, folded by default (a disclosure button).
 */
export function PackageGroup({ pkg, side, lessons, renderLesson, actions }: PackageGroupProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const titleId = `package-${pkg.id}-title`;
  const shown = [...lessons].sort((a, b) => a.start.localeCompare(b.start));
  const slots = pkg.slots.map((slot) => `${WEEKDAY_LABELS[slot.weekday - 1]} ${String(slot.hour).padStart(2, '0')}:00`).join(', ');
  return (
    <Card.Root as="article" size="sm" aria-labelledby={titleId} data-testid="package-group" data-package-id={pkg.id} borderColor="orange.muted">
      <Card.Body gap="3">
        <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" align="start" gap={{ base: '1', sm: '3' }}>
          <Stack gap="0.5" minW="0" flex="1">
            <Heading as="h3" size="sm" id={titleId}>
              Forfait · {pkg.lessons_per_week} cours/semaine · {pkg.counts.upcoming} cours restant{pkg.counts.upcoming > 1 ? 's' : ''}
            </Heading>
            <Text fontSize="sm">
              {pkg.subject} — {side === 'tutor' ? pkg.parent_name : pkg.tutor_name} · {slots} ({pkg.duration_hours} h)
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Jusqu'au {frenchMoment(pkg.end)}
            </Text>
          </Stack>
          <Badge colorPalette={pkg.status === 'active' ? 'green' : pkg.status === 'pending' ? 'yellow' : 'gray'} variant="subtle" size="md">
            {pkg.status_label}
          </Badge>
        </Flex>
        <Wrap columnGap="4" rowGap="1" fontSize="sm" data-testid="package-amounts">
          <Amount label={pkg.paid_at ? 'Payé' : 'À payer'} value={pkg.amount_total} strong />
          <Amount label="Versé" value={pkg.amounts.released} />
          <Amount label="En séquestre" value={pkg.amounts.held} />
          {pkg.amounts.refunded > 0 && <Amount label="Remboursé" value={pkg.amounts.refunded} />}
          {pkg.amounts.credit > 0 && <Amount label="Crédit" value={pkg.amounts.credit} />}
        </Wrap>
        <Wrap gap="2">
          {actions}
          <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            {open ? <LuChevronUp aria-hidden /> : <LuChevronDown aria-hidden />}
            {open ? 'Masquer les cours' : `Voir les ${shown.length} cours`}
          </Button>
        </Wrap>
        <Box id={listId} hidden={!open}>
          {open && <Stack gap="3">{shown.map(renderLesson)}</Stack>}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function Amount({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Text>
      <Text as="span" color="fg.muted">
        {label} :
      </Text>{' '}
      <Text as="span" fontWeight={strong ? 'semibold' : undefined}>
        {formatFcfa(value)}
      </Text>
    </Text>
  );
}
