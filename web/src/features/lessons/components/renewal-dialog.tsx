import { offlineMessages } from '#shared/message-catalogue/offline';
import { packagesMessages } from '#shared/message-catalogue/packages';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatAmount, formatFcfa } from '#shared/money';
import type { PackageView } from '#shared/package-schemas';
import { Alert, Badge, Button, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { ConnectionNeeded } from '@/components/pwa/connection-needed';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { LoadError } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { frenchMoment } from '@/lib/lesson-dates';
import { useOnline } from '@/lib/pwa/online';
import { useMarkPaymentInProgress } from '@/lib/pwa/payment-in-progress';
import { useRenewalPreview, useRenewPackage } from '../api/packages';

/**
 * 'Renouveler' (issue 32): the same weekly slots for the next 4 weeks — the lessons, those no
 * longer free (then no payment: the parent picks other slots on the tutor's page) — and the one
 * payment, by the package's own method.
 */
export function RenewalDialog({ pkg, onClose }: { pkg: PackageView; onClose: () => void }) {
  const preview = useRenewalPreview(pkg.id);
  const renew = useRenewPackage();
  const [failure, setFailure] = useState<string | null>(null);
  const unavailable = new Set(preview.data?.unavailable ?? []);
  const online = useOnline();
  const payable = Boolean(preview.data) && unavailable.size === 0 && online;
  useMarkPaymentInProgress();

  const pay = async () => {
    try {
      const result = await renew.mutateAsync(pkg.id);
      if (!result.authorization_url) return setFailure(result.error || paymentsMessages.initFailure);
      window.location.assign(result.authorization_url);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : paymentsMessages.initFailure);
      if (error instanceof ApiRequestError && error.status === 409) void preview.refetch();
    }
  };

  return (
    <DialogFrame
      open
      onClose={() => !renew.isPending && onClose()}
      title="Renouveler le forfait"
      rootProps={{ size: { base: 'full', md: 'lg' }, scrollBehavior: 'inside' }}
      footerProps={{ flexWrap: 'wrap' }}
      footer={
        <>
          <ConnectionNeeded id="renewal-connection-needed" message={offlineMessages.paymentNeedsConnection} flexBasis="100%" textAlign="end" />
          <Button variant="outline" onClick={onClose} disabled={renew.isPending}>
            Annuler
          </Button>
          <Button
            disabled={!payable}
            aria-describedby={online ? undefined : 'renewal-connection-needed'}
            loading={renew.isPending}
            loadingText="Traitement..."
            onClick={() => void pay()}
          >
            {preview.data ? `Payer ${formatAmount(preview.data.amount_total)} FCFA` : 'Payer'}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label={uiMessages.loading}>
          <Skeleton h="6" />
          <Skeleton h="16" />
        </Stack>
      ) : preview.isError ? (
        <LoadError size="sm" title={preview.error.message} onRetry={() => void preview.refetch()} />
      ) : (
        <Stack gap="4">
          <Text>
            {preview.data.starts.length} cours aux mêmes créneaux à partir du {frenchMoment(preview.data.starts[0] ?? preview.data.start_date)}, pour{' '}
            {formatFcfa(preview.data.amount_total)}.
          </Text>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {unavailable.size > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{packagesMessages.renewalUnavailable}</Alert.Title>
                <Alert.Description>{[...unavailable].map(frenchMoment).join(' ; ')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Wrap as="ul" listStyleType="none" gap="1">
            {preview.data.starts.map((start) => (
              <Badge as="li" key={start} variant={unavailable.has(start) ? 'solid' : 'outline'} colorPalette={unavailable.has(start) ? 'red' : 'gray'}>
                {frenchMoment(start)}
                {unavailable.has(start) ? ' — pris' : ''}
              </Badge>
            ))}
          </Wrap>
          {payable && (
            <Text fontSize="sm" color="fg.muted">
              Le paiement se fait avec le même moyen que le forfait en cours, en une fois.
            </Text>
          )}
        </Stack>
      )}
    </DialogFrame>
  );
}
