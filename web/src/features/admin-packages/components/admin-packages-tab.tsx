import { courseOf } from '#shared/french';
import { formatFcfa } from '#shared/money';
import type { PackageStatus, PackageView } from '#shared/package-schemas';
import { Badge, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { LuCalendarRange } from 'react-icons/lu';
import { formatDate, formatDateTime } from '@/components/money/format';
import { EmptyNotice } from '@/components/ui/page-state';
import { PagedList } from '@/components/ui/paged-list';
import { useAdminPackages } from '../api/admin-packages';

const PACKAGE_PALETTE: Record<PackageStatus, string> = {
  pending: 'gray',
  active: 'blue',
  stopped: 'orange',
  completed: 'green',
  failed: 'red',
};

/**
 * Admin tab 'Forfaits' (issue 32): every package, newest first, page by page — who, how many lessons
 * a week, when, its total and state, and where its money is (released, refunded, in credit, held).
 */
export function AdminPackagesTab() {
  const query = useAdminPackages();
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.packages}
      loadError="Impossible de charger les forfaits"
      showErrorDetail
      skeleton={{ count: 3, height: '28' }}
      countLabel={(count, more) => `${count} forfait(s)${more ? ' affiché(s)' : ''}`}
      refresh
      empty={<EmptyNotice icon={<LuCalendarRange />} title="Aucun forfait" description="Les forfaits réservés par les parents apparaîtront ici." />}
      renderItem={(pkg) => <AdminPackageCard key={pkg.id} pkg={pkg} />}
    />
  );
}

function AdminPackageCard({ pkg }: { pkg: PackageView }) {
  return (
    <Card.Root size="sm" data-testid="admin-package" data-package-id={pkg.id}>
      <Card.Body gap="2">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0.5" minW="0" flex="1">
            <Text fontWeight="semibold">
              {pkg.parent_name} avec {pkg.tutor_name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {courseOf(pkg.subject)} · {pkg.lessons_per_week} cours/semaine · {pkg.counts.lessons} cours de {pkg.duration_hours} h · n°{' '}
              {pkg.invoice_number}
            </Text>
          </Stack>
          <Stack gap="1" align="end">
            <Text fontWeight="bold" whiteSpace="nowrap">
              {formatFcfa(pkg.amount_total)}
            </Text>
            <Badge colorPalette={PACKAGE_PALETTE[pkg.status]} variant="subtle">
              {pkg.status_label}
            </Badge>
          </Stack>
        </Flex>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel>Période</DataList.ItemLabel>
            <DataList.ItemValue>
              du {formatDate(pkg.start_date)} au {formatDate(pkg.end)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Réservé le</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatDateTime(pkg.created_at)}
              {pkg.stopped_at ? ` · arrêté le ${formatDateTime(pkg.stopped_at)}` : ''}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Montants</DataList.ItemLabel>
            <DataList.ItemValue>
              versé {formatFcfa(pkg.amounts.released)} · remboursé {formatFcfa(pkg.amounts.refunded)} · en séquestre {formatFcfa(pkg.amounts.held)}
              {pkg.amounts.credit > 0 ? ` · en crédit ${formatFcfa(pkg.amounts.credit)}` : ''}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Cours</DataList.ItemLabel>
            <DataList.ItemValue>
              {pkg.counts.done} donné(s) · {pkg.counts.upcoming} à venir · {pkg.counts.cancelled} annulé(s)
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
