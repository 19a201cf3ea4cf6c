import { formatFcfa } from '#shared/money';
import type { TransactionStatus } from '#shared/transaction-process';
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TransactionStatusBadge } from './transaction-status-badge';

interface TransactionHeadlineProps {
  /** Who and what: 'parent → tutor' in the admin tabs, 'course — parent' in the tutor's revenues. */
  title: ReactNode;
  detail: ReactNode;
  /** The amount that matters to the reader (the total for an admin, the tutor's share for the tutor). */
  amount: number;
  status: TransactionStatus;
  titleWeight?: 'medium' | 'semibold';
}

/** The head of a transaction's card: who and what, a detail line, the amount and the status badge. */
export function TransactionHeadline({ title, detail, amount, status, titleWeight = 'semibold' }: TransactionHeadlineProps) {
  return (
    <Flex justify="space-between" gap="3" wrap="wrap" align="start">
      <Box minW="0" flex="1">
        <Text fontWeight={titleWeight}>{title}</Text>
        <Text fontSize="sm" color="fg.muted">
          {detail}
        </Text>
      </Box>
      <Stack gap="1" align="end">
        <Text fontWeight="bold" whiteSpace="nowrap">
          {formatFcfa(amount)}
        </Text>
        <TransactionStatusBadge status={status} />
      </Stack>
    </Flex>
  );
}
