import { offlineMessages } from '#shared/message-catalogue/offline';
import { payoutsMessages } from '#shared/message-catalogue/payouts';
import { formatFcfa } from '#shared/money';
import { formatIvorianPhone } from '#shared/payouts';
import type { DestinationView, WalletView } from '#shared/payouts-schemas';
import { Alert, Badge, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuArrowDownToLine, LuPencil, LuPlus, LuSmartphone, LuWallet } from 'react-icons/lu';
import { formatDateTime } from '@/components/money/format';
import { ConnectionNeeded } from '@/components/pwa/connection-needed';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { PagedList } from '@/components/ui/paged-list';
import { useOnline } from '@/lib/pwa/online';
import { isInFlight, useMyPayouts, useWallet } from '../api/wallet';
import { DestinationDialog } from './destination-dialog';
import { PayoutProgress, PayoutStatusBadge } from './payout-status';
import { WithdrawDialog } from './withdraw-dialog';

const DESTINATION_PALETTE: Record<DestinationView['status'], string> = { active: 'green', review: 'orange', rejected: 'red', failed: 'red' };

function Figure({ label, value, large, testId }: { label: string; value: string | undefined; large?: boolean; testId: string }) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize={large ? '3xl' : 'lg'} data-testid={testId}>{value ?? <Skeleton height={large ? '9' : '6'} width="24" />}</Stat.ValueText>
    </Stat.Root>
  );
}

/**
 * The tutor's wallet on 'Mes revenus' (issue 30): the balances, the payout destination, 'Retirer',
 * the withdrawal under way (polled until it is paid or failed) and 'Mes retraits'.
 */
export function WalletSection() {
  const wallet = useWallet();
  const data = wallet.data;
  // A payout request moves money: not offline, never queued (issue 34).
  const online = useOnline();
  const inFlight = isInFlight(data?.current_payout);
  const payouts = useMyPayouts(inFlight);
  const [editing, setEditing] = useState(false);
  // Each opening mounts a new dialog: a new request id per withdrawal, the same one for its retries.
  const [withdrawOpenings, setWithdrawOpenings] = useState(0);
  const [withdrawing, setWithdrawing] = useState(false);

  // The withdrawal just settled (the wallet no longer has one in flight): read the history once more for its outcome.
  const wasInFlight = useRef(inFlight);
  const refetchPayouts = payouts.refetch;
  useEffect(() => {
    if (wasInFlight.current && !inFlight) void refetchPayouts();
    wasInFlight.current = inFlight;
  }, [inFlight, refetchPayouts]);

  const latest = payouts.data?.pages[0]?.payouts[0];
  const shown = data?.current_payout ?? latest ?? null;

  return (
    <Stack gap="4" as="section" aria-labelledby="wallet-title">
      <Heading as="h2" size="lg" id="wallet-title">
        {payoutsMessages.walletTitle}
      </Heading>
      {wallet.isError ? (
        <LoadError title={payoutsMessages.loadFailure} description={wallet.error.message} onRetry={() => void wallet.refetch()} />
      ) : (
        <>
          <Card.Root size="sm">
            <Card.Body gap="4">
              <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="4" direction={{ base: 'column', sm: 'row' }}>
                <Figure label={payoutsMessages.available} value={data && formatFcfa(data.available)} large testId="wallet-available" />
                <Stack gap="1" align={{ base: 'stretch', sm: 'flex-end' }}>
                  <Button
                    colorPalette="orange"
                    disabled={!data || data.blocked_reason !== null || !data.destination || !online}
                    onClick={() => {
                      setWithdrawOpenings((n) => n + 1);
                      setWithdrawing(true);
                    }}
                    aria-describedby={data?.blocked_reason ? 'withdraw-blocked' : !online ? 'withdraw-connection-needed' : undefined}
                  >
                    <LuArrowDownToLine /> {payoutsMessages.withdraw}
                  </Button>
                  <ConnectionNeeded id="withdraw-connection-needed" message={offlineMessages.payoutNeedsConnection} />
                </Stack>
              </Flex>
              {data?.blocked_reason && (
                <Text fontSize="sm" color="fg.muted" id="withdraw-blocked" data-testid="withdraw-blocked">
                  {data.blocked_reason}
                </Text>
              )}
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
                <Figure label={payoutsMessages.held} value={data && formatFcfa(data.held)} testId="wallet-held" />
                <Figure label={payoutsMessages.inFlight} value={data && formatFcfa(data.in_flight)} testId="wallet-in-flight" />
                <Figure label={payoutsMessages.paidOut} value={data && formatFcfa(data.paid_out)} testId="wallet-paid-out" />
              </SimpleGrid>
            </Card.Body>
          </Card.Root>

          <DestinationCard wallet={data} onEdit={() => setEditing(true)} />

          {shown && (
            <Card.Root size="sm">
              <Card.Body>
                <PayoutProgress payout={shown} title={isInFlight(shown) ? payoutsMessages.currentPayoutTitle : payoutsMessages.lastPayoutTitle} />
              </Card.Body>
            </Card.Root>
          )}
        </>
      )}

      <Stack gap="3">
        <Heading as="h3" size="md">
          {payoutsMessages.historyTitle}
        </Heading>
        <PagedList
          query={payouts}
          itemsOf={(page) => page.payouts}
          loadError={payoutsMessages.historyLoadFailure}
          skeleton={{ count: 2, height: '16' }}
          empty={<EmptyNotice icon={<LuWallet />} title={payoutsMessages.historyEmpty} />}
          renderItem={(payout) => (
            <Card.Root key={payout.id} size="sm" data-testid="payout-row" data-status={payout.status}>
              <Card.Body gap="1">
                <Flex justify="space-between" align="center" gap="2" wrap="wrap">
                  <Text fontWeight="medium">{formatFcfa(payout.amount)}</Text>
                  <PayoutStatusBadge status={payout.status} />
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {formatDateTime(payout.created_at)} · {payout.operator_label} {payout.phone_masked} · reçu {formatFcfa(payout.net)} (frais {formatFcfa(payout.fee)})
                </Text>
                {payout.failure_reason && (
                  <Text fontSize="sm" color="fg.error">
                    {payoutsMessages.reasonLabel} : {payout.failure_reason}
                  </Text>
                )}
              </Card.Body>
            </Card.Root>
          )}
        />
      </Stack>

      {editing && <DestinationDialog open onClose={() => setEditing(false)} current={data?.destination ?? null} />}
      {withdrawing && data?.destination && (
        <WithdrawDialog key={withdrawOpenings} available={data.available} destination={data.destination} onClose={() => setWithdrawing(false)} />
      )}
    </Stack>
  );
}

function DestinationCard({ wallet, onEdit }: { wallet: WalletView | undefined; onEdit: () => void }) {
  const destination = wallet?.destination;
  return (
    <Card.Root size="sm" data-testid="payout-destination">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Card.Title as="h3">{payoutsMessages.destinationTitle}</Card.Title>
          {wallet && (
            <Button size="sm" variant="outline" onClick={onEdit}>
              {destination ? <LuPencil /> : <LuPlus />}
              {destination ? payoutsMessages.destinationChange : payoutsMessages.destinationAdd}
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body gap="2">
        {!wallet && <Skeleton height="12" />}
        {wallet && !destination && <Text color="fg.muted">{payoutsMessages.destinationNone}</Text>}
        {destination && (
          <>
            <Flex gap="3" align="center" wrap="wrap">
              <LuSmartphone aria-hidden="true" />
              <Text fontWeight="medium">
                {destination.operator_label} · {formatIvorianPhone(destination.phone)}
              </Text>
              <Badge colorPalette={DESTINATION_PALETTE[destination.status]}>{payoutsMessages.destinationStatus[destination.status]}</Badge>
            </Flex>
            <Text fontSize="sm">
              {payoutsMessages.holderLabel} : {destination.holder_name}
            </Text>
            {destination.hold_until && (
              <Alert.Root status="info" size="sm">
                <Alert.Indicator />
                <Alert.Title>{payoutsMessages.holdNotice(formatDateTime(destination.hold_until))}</Alert.Title>
              </Alert.Root>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
