import { courseOf } from '#shared/french';
import { formatFcfa } from '#shared/money';
import { PACKAGE_WEEKS, type PackageStatus, type PackageView } from '#shared/package-schemas';
import { Badge, Box, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { useId, useState } from 'react';
import { LuChevronDown, LuChevronUp, LuFileText } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '@/components/money/format';
import { STATUS_PALETTE } from '@/components/money/transaction-status-badge';
import { lessonTimeLabel } from '@/lib/lesson-dates';

const PACKAGE_PALETTE: Record<PackageStatus, string> = {
  pending: 'gray',
  active: 'blue',
  stopped: 'orange',
  completed: 'green',
  failed: 'red',
};

interface PackagePaymentCardProps {
  pkg: PackageView;
  onInvoice: () => void;
}

/**
 * A package in Mes Paiements (issue 32): ONE payment for its lessons — its total, its state, where
 * the money is (released to the tutor lesson by lesson, refunded, kept as a credit, still held), the
 * lessons one by one on demand, and its one invoice once paid.
 */
export function PackagePaymentCard({ pkg, onInvoice }: PackagePaymentCardProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const paid = pkg.paid_at !== undefined;
  return (
    <Card.Root size="sm" data-testid="package-payment" data-package-id={pkg.id}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0.5" minW="0" flex="1">
            <Text fontWeight="semibold">
              Forfait — {courseOf(pkg.subject)} — {pkg.tutor_name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {pkg.level} · {pkg.lessons_per_week} cours par semaine · {pkg.counts.lessons} cours de {pkg.duration_hours} h ·{' '}
              {paid ? 'Facture' : 'Réservation'} n° {pkg.invoice_number}
            </Text>
          </Stack>
          <Stack gap="1" align="end">
            <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap">
              {formatFcfa(pkg.amount_total)}
            </Text>
            <Badge colorPalette={PACKAGE_PALETTE[pkg.status]} variant="subtle" size="md">
              {pkg.status_label}
            </Badge>
          </Stack>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          Payé en une fois pour {PACKAGE_WEEKS} semaines, du {formatDate(pkg.start_date)} au {formatDate(pkg.end)}
          {pkg.discount_percent > 0 ? ` (remise de ${pkg.discount_percent} %)` : ''}. Chaque cours est versé au répétiteur
          une fois confirmé.
        </Text>
        {paid && (
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <Amount label="Versé au répétiteur" value={pkg.amounts.released} />
            <Amount label="Remboursé" value={pkg.amounts.refunded} />
            {pkg.amounts.credit > 0 && <Amount label="En crédit" value={pkg.amounts.credit} />}
            <Amount label="En séquestre" value={pkg.amounts.held} />
            <DataList.Item>
              <DataList.ItemLabel>Cours</DataList.ItemLabel>
              <DataList.ItemValue>
                {pkg.counts.done} donné(s) · {pkg.counts.upcoming} à venir · {pkg.counts.cancelled} annulé(s)
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        )}
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
            {expanded ? <LuChevronUp aria-hidden /> : <LuChevronDown aria-hidden />}
            Détail des cours ({pkg.lessons.length})
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/cours">Voir dans Mes cours</RouterLink>
          </Button>
          {paid && (
            <Button size="sm" variant="ghost" onClick={onInvoice}>
              <LuFileText /> Facture
            </Button>
          )}
        </Flex>
        <Box id={detailsId} hidden={!expanded}>
          {expanded && (
            <Stack as="ul" listStyleType="none" gap="2" aria-label="Cours du forfait">
              {pkg.lessons.map((lesson) => (
                <Box as="li" key={lesson.id} borderTopWidth="1px" pt="2" data-testid="package-lesson">
                  <Flex justify="space-between" gap="2" wrap="wrap" fontSize="sm">
                    <Text fontWeight="medium">{lessonTimeLabel(lesson.start, lesson.end)}</Text>
                    <Badge colorPalette={STATUS_PALETTE[lesson.status] ?? 'gray'} variant="subtle">
                      {lesson.status_label}
                    </Badge>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    {formatFcfa(lesson.amount)}
                    {lesson.released > 0 ? ` · versé ${formatFcfa(lesson.released)}` : ''}
                    {lesson.refunded > 0 ? ` · remboursé ${formatFcfa(lesson.refunded)}` : ''}
                    {lesson.credit > 0 ? ` · en crédit ${formatFcfa(lesson.credit)}` : ''}
                    {lesson.rebooked_from ? ' · cours reporté' : ''}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function Amount({ label, value }: { label: string; value: number }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{formatFcfa(value)}</DataList.ItemValue>
    </DataList.Item>
  );
}
