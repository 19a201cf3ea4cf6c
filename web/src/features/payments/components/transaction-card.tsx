import { courseOf, formatRating } from '#shared/french';
import { offlineMessages } from '#shared/message-catalogue/offline';
import { formatFcfa } from '#shared/money';
import { canTakeAction, moneyReceived } from '#shared/transaction-process';
import { canRateLesson, PAYMENT_METHOD_LABELS, TRANSACTION_STATUS_DESCRIPTIONS } from '#shared/payments';
import { type TransactionView } from '#shared/payments-schemas';
import { Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { LuFileText, LuStar } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '@/components/money/format';
import { CourseStatusBadge, TransactionStatusBadge } from '@/components/money/transaction-status-badge';
import { ConnectionNeeded } from '@/components/pwa/connection-needed';
import { useOnline } from '@/lib/pwa/online';
import { RatingForm } from './rating-form';

interface TransactionCardProps {
  transaction: TransactionView;
  onRelease: () => void;
  onRefund: () => void;
  onInvoice: () => void;
}

/** One transaction of Mes Paiements, with the actions the status table allows a parent. */
export function TransactionCard({ transaction: tx, onRelease, onRefund, onInvoice }: TransactionCardProps) {
  const course = tx.courses[0];
  // A lesson in the tutor's slots is confirmed, cancelled or reported from 'Mes cours' (its rules
  // depend on the lesson's time); the other bookings keep the spec's buttons here.
  const lesson = course?.lesson === true;
  const canRelease = !lesson && canTakeAction('release', tx.status, 'parent');
  const canRefund = !lesson && canTakeAction('refund', tx.status, 'parent');
  // Releasing or refunding moves money: not offline, never queued (issue 34).
  const online = useOnline();
  const rateable = course ? canRateLesson({ ...tx, course }, new Date()) : false;
  // No invoice before the money is received: it would say "Total payé" for nothing paid.
  const hasInvoice = moneyReceived(tx);
  // A payment that failed (refused, abandoned past the window): the way to pay again is a new booking.
  const canBookAgain = tx.status === 'failed';
  return (
    <Card.Root size="sm" data-testid="transaction-card" data-transaction-id={tx.id}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0.5" minW="0" flex="1">
            <Text fontWeight="semibold">
              {course ? courseOf(course.subject) : tx.description} — {tx.tutor_name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {course?.level} · {course?.duration_hours} h · {hasInvoice ? 'Facture' : 'Réservation'} n° {tx.invoice_number}
            </Text>
          </Stack>
          <Stack gap="1" align="end">
            <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap">
              {formatFcfa(tx.amount_total)}
            </Text>
            <TransactionStatusBadge status={tx.status} />
          </Stack>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {TRANSACTION_STATUS_DESCRIPTIONS[tx.status]}
        </Text>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel>Réservé le</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(tx.created_at)}</DataList.ItemValue>
          </DataList.Item>
          {course?.scheduled_date && (
            <DataList.Item>
              <DataList.ItemLabel>Cours prévu</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(course.scheduled_date)}</DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel>Paiement</DataList.ItemLabel>
            <DataList.ItemValue>{PAYMENT_METHOD_LABELS[tx.payment_method]}</DataList.ItemValue>
          </DataList.Item>
          {course && (
            <DataList.Item>
              <DataList.ItemLabel>Cours</DataList.ItemLabel>
              <DataList.ItemValue>
                <CourseStatusBadge status={course.status} />
              </DataList.ItemValue>
            </DataList.Item>
          )}
          {course?.parent_rating !== undefined && (
            <DataList.Item>
              <DataList.ItemLabel>Votre note</DataList.ItemLabel>
              <DataList.ItemValue>
                <HStack gap="1">
                  <LuStar fill="currentColor" /> {formatRating(course.parent_rating)}/5
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        {rateable && <RatingForm transactionId={tx.id} />}
        {(canRelease || canRefund || hasInvoice || canBookAgain || lesson) && (
          <Flex gap="2" wrap="wrap">
            {lesson && (
              <Button asChild size="sm" variant="outline">
                <RouterLink to={`/cours?lesson=${tx.id}`}>Voir dans Mes cours</RouterLink>
              </Button>
            )}
            {canRelease && (
              <Button size="sm" colorPalette="green" onClick={onRelease} disabled={!online} aria-describedby={online ? undefined : `${tx.id}-connection-needed`}>
                Libérer les fonds
              </Button>
            )}
            {canRefund && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={onRefund} disabled={!online} aria-describedby={online ? undefined : `${tx.id}-connection-needed`}>
                Demander un remboursement
              </Button>
            )}
            {canBookAgain && (
              <Button asChild size="sm" colorPalette="orange">
                <RouterLink to={`/tutors/${tx.tutor_id}`}>Réserver à nouveau</RouterLink>
              </Button>
            )}
            {hasInvoice && (
              <Button size="sm" variant="ghost" onClick={onInvoice}>
                <LuFileText /> Facture
              </Button>
            )}
          </Flex>
        )}
        {(canRelease || canRefund) && <ConnectionNeeded id={`${tx.id}-connection-needed`} message={offlineMessages.moneyActionNeedsConnection} />}
      </Card.Body>
    </Card.Root>
  );
}
