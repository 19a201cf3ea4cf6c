import { type CourseStatus, type TransactionStatus } from '#shared/transaction-process';
import { COURSE_STATUS_LABELS, TRANSACTION_STATUS_LABELS } from '#shared/payments';
import { Badge } from '@chakra-ui/react';

/** Each status's colour, on the payments' and the lessons' badges. */
export const STATUS_PALETTE: Record<TransactionStatus, string> = {
  pending: 'gray',
  requested: 'yellow',
  escrow: 'blue',
  disputed: 'orange',
  refund_pending: 'purple',
  released: 'green',
  refunded: 'purple',
  failed: 'red',
  payment_mismatch: 'red',
  needs_attention: 'red',
  // Issue 32: the lesson's money kept as a credit, then spent on another lesson.
  credited: 'blue',
  transferred: 'gray',
};

/** A transaction's status in French (the one table of labels in #shared). */
export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle" size="md">
      {TRANSACTION_STATUS_LABELS[status]}
    </Badge>
  );
}

const COURSE_PALETTE: Record<CourseStatus, string> = { scheduled: 'blue', completed: 'green', cancelled: 'gray' };

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  return (
    <Badge colorPalette={COURSE_PALETTE[status]} variant="outline" size="sm">
      {COURSE_STATUS_LABELS[status]}
    </Badge>
  );
}
