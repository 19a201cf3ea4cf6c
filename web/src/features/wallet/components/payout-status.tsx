import { payoutsMessages } from '#shared/message-catalogue/payouts';
import { formatFcfa } from '#shared/money';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '#shared/payouts';
import type { PayoutView } from '#shared/payouts-schemas';
import { Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCheck, LuX } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { PAYOUT_STATUS_PALETTE } from '@/components/money/payout-status-palette';
import { payoutSteps } from '../payout-steps';

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <Badge colorPalette={PAYOUT_STATUS_PALETTE[status]} data-testid="payout-status">
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** One payout: amount, destination, its steps and, when it failed, why (in French). */
export function PayoutProgress({ payout, title }: { payout: PayoutView; title: string }) {
  return (
    <Stack gap="3" data-testid="payout-progress" data-payout-id={payout.id} data-status={payout.status} aria-live="polite">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{title}</Text>
        <PayoutStatusBadge status={payout.status} />
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {formatFcfa(payout.net)} vers {payout.operator_label} {payout.phone_masked} · {formatDateTime(payout.created_at)}
      </Text>
      <Box as="ol" aria-label={payoutsMessages.stepsLabel} display="flex" gap="2" listStyleType="none" flexWrap="wrap">
        {payoutSteps(payout.status).map((step, index) => (
          <HStack as="li" key={index} gap="1" fontSize="sm" aria-current={step.state === 'current' ? 'step' : undefined}>
            <Flex
              boxSize="5"
              rounded="full"
              align="center"
              justify="center"
              fontSize="xs"
              bg={step.state === 'done' ? 'green.solid' : step.state === 'failed' ? 'red.solid' : step.state === 'current' ? 'blue.solid' : 'bg.muted'}
              color={step.state === 'todo' ? 'fg.muted' : 'white'}
              aria-hidden="true"
            >
              {step.state === 'done' ? <LuCheck /> : step.state === 'failed' ? <LuX /> : index + 1}
            </Flex>
            <Text color={step.state === 'todo' ? 'fg.muted' : 'fg'} fontWeight={step.state === 'current' ? 'semibold' : 'normal'}>
              {step.label}
            </Text>
            {index < 2 && (
              <Text as="span" aria-hidden="true" color="fg.muted">
                →
              </Text>
            )}
          </HStack>
        ))}
      </Box>
      <Text fontSize="sm">{payout.status_description}</Text>
      {payout.failure_reason && (
        <Text fontSize="sm" color="fg.error" data-testid="payout-failure-reason">
          {payoutsMessages.reasonLabel} : {payout.failure_reason}
        </Text>
      )}
    </Stack>
  );
}
