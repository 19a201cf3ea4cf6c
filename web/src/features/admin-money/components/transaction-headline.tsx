import { formatFcfa } from '#shared/money';
import type { TransactionView } from '#shared/payments-schemas';
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TransactionStatusBadge } from '@/components/money/transaction-status-badge';

/** The head of a transaction's card in the admin tabs: parent → tutor, a detail line, the amount and the status. */
export function TransactionHeadline({ transaction: tx, detail }: { transaction: TransactionView; detail: ReactNode }) {
  return (
    <Flex justify="space-between" gap="3" wrap="wrap" align="start">
      <Box minW="0" flex="1">
        <Text fontWeight="semibold">
          {tx.parent_name} → {tx.tutor_name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {detail}
        </Text>
      </Box>
      <Stack gap="1" align="end">
        <Text fontWeight="bold" whiteSpace="nowrap">
          {formatFcfa(tx.amount_total)}
        </Text>
        <TransactionStatusBadge status={tx.status} />
      </Stack>
    </Flex>
  );
}
