import { packagesMessages } from '#shared/message-catalogue/packages';
import { paymentsMessages } from '#shared/message-catalogue/payments';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import { type TransactionView } from '#shared/payments-schemas';
import { Button, Card, Flex, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LuRefreshCw, LuWallet } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InvoiceDialog } from '@/components/money/invoice-dialog';
import { notify } from '@/components/ui/notify';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { useEscrowDecision, useMyPackages, useMyTransactions, useVerifyPayments } from '../api/payments';
import { packageIdOf, packageOfReference, paymentsOf } from '../payment-list';
import { PackageInvoiceDialog } from './package-invoice-dialog';
import { PackagePaymentCard } from './package-payment-card';
import { TransactionCard } from './transaction-card';
import { markInstallMoment } from '@/lib/pwa/install';
import { useMarkPaymentInProgress } from '@/lib/pwa/payment-in-progress';
import { OfflineCopyBanner } from '@/components/pwa/offline-copy-banner';

export { PARENT_PAYMENTS_TITLE } from '@/features/home/tab-titles';

type Pending = { action: 'release' | 'refund'; transaction: TransactionView } | null;

/** Our Paystack reference is `kalan-<transaction id>` (payments/paystack.ts), or `kalan-pkg-<package id>` for a package. */
const REFERENCE = /^kalan-([0-9a-f-]{36})$/i;

/** What the parent is told on coming back from Paystack's checkout. */
const RETURN_NOTICE = {
  escrowed: () => {
    notify.success({ title: 'Paiement confirmé', description: 'Les fonds sont sécurisés jusqu’à ce que vous les libériez.' });
    // A first booking paid: a moment to offer 'Installer Kalan' (issue 34).
    markInstallMoment();
  },
  failed: () => notify.error({ title: 'Paiement échoué', description: 'Aucun montant n’a été prélevé. Vous pouvez réserver à nouveau.' }),
  amount_mismatch: () =>
    notify.error({ title: 'Paiement non conforme', description: 'Un administrateur va régulariser ce paiement.' }),
  waiting: () =>
    notify.info({ title: 'Paiement en attente', description: 'Paystack n’a pas encore confirmé le paiement. Actualisez dans un instant.' }),
  unchanged: () => undefined,
} as const;

/**
 * Back from Paystack (its callback URL adds `?reference=…&trxref=…`): ask Paystack at once what
 * became of the payment, say it, and drop the parameters from the address.
 */
function useCheckoutReturn(verify: ReturnType<typeof useVerifyPayments>, lessonOf: (packageId: string) => string | undefined) {
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    setParams({}, { replace: true });
    // A package is verified through any of its lessons (its payment check confirms them all).
    const packageId = packageOfReference(reference);
    const id = packageId ? lessonOf(packageId) : REFERENCE.exec(reference)?.[1];
    if (!id) return;
    verify.mutate([id], {
      onSuccess: ([result]) => result && RETURN_NOTICE[result.outcome](),
      onError: (error) => notify.error({ title: 'Vérification impossible', description: error.message }),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lessonOf reads the lists loaded when the parent came back.
  }, [reference, setParams, verify]);
}

function SummaryCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          {/* A <dl>: the value, or its skeleton while loading, is the label's definition. */}
          <Stat.ValueText>{value ?? <Skeleton height="7" width="10" />}</Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** Mes Paiements (spec §2): summary cards, 'Actualiser', the list, escrow actions, invoices. */
export function ParentPayments() {
  const query = useMyTransactions();
  const packagesQuery = useMyPackages();
  const decision = useEscrowDecision();
  const verify = useVerifyPayments();
  // Coming back from Paystack, until the payment is checked: no 'Nouvelle version disponible' reload.
  useMarkPaymentInProgress(verify.isPending);
  const packageLesson = (packageId: string) =>
    packagesQuery.data?.find((pkg) => pkg.id === packageId)?.lessons[0]?.id ??
    query.data?.transactions.find((tx) => packageIdOf(tx) === packageId)?.id;
  useCheckoutReturn(verify, packageLesson);
  const [packageInvoiceOf, setPackageInvoiceOf] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [invoiceOf, setInvoiceOf] = useState<string | null>(null);

  const confirm = async () => {
    if (!pending) return;
    const { action, transaction } = pending;
    try {
      await decision.mutateAsync({ id: transaction.id, action });
      if (action === 'release') notify.success({ title: paymentsMessages.released, description: paymentsMessages.releasedDescription });
      else notify.success({ title: paymentsMessages.refunded, description: paymentsMessages.refundedDescription });
    } catch (error) {
      notify.error({
        title: action === 'release' ? paymentsMessages.releaseFailure : paymentsMessages.refundFailure,
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
    } finally {
      setPending(null);
    }
  };

  // 'Actualiser' asks Paystack about every unpaid booking first: a failed payment sends no webhook.
  const refresh = async () => {
    // One lesson per unpaid package: its payment check confirms the whole package.
    const seen = new Set<string>();
    const unpaid = (query.data?.transactions ?? [])
      .filter((tx) => {
        if (tx.status !== 'pending') return false;
        const packageId = packageIdOf(tx);
        if (!packageId) return true;
        if (seen.has(packageId)) return false;
        seen.add(packageId);
        return true;
      })
      .map((tx) => tx.id);
    if (!unpaid.length) return void Promise.all([query.refetch(), packagesQuery.refetch()]);
    try {
      await verify.mutateAsync(unpaid);
    } catch (error) {
      notify.error({ title: 'Vérification impossible', description: error instanceof Error ? error.message : undefined });
    }
  };

  const list = query.data && packagesQuery.data ? paymentsOf(query.data.transactions, packagesQuery.data) : undefined;
  // Without the packages (their list failed), the single payments still show; the error says what is missing.
  const shown = list ?? (query.data && packagesQuery.isError ? paymentsOf(query.data.transactions, []) : undefined);
  const summary = shown?.summary;
  return (
    <Stack gap="5">
      <OfflineCopyBanner screen="payments" />
      <SimpleGrid columns={3} gap="3">
        <SummaryCard label="Transactions" value={summary?.total} />
        <SummaryCard label="En escrow" value={summary?.in_escrow} />
        <SummaryCard label="Libérées" value={summary?.released} />
      </SimpleGrid>
      <Flex justify="space-between" align="center" gap="3">
        <Text color="fg.muted" fontSize="sm">
          Les fonds restent sécurisés jusqu'à ce que vous les libériez.
        </Text>
        <Button size="sm" variant="outline" onClick={() => void refresh()} loading={verify.isPending || (query.isFetching && !query.isPending)}>
          <LuRefreshCw /> Actualiser
        </Button>
      </Flex>

      {(query.isPending || (packagesQuery.isPending && !query.isError)) && (
        <Stack gap="3" role="status" aria-busy="true" aria-label={uiMessages.loading}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="36" rounded="lg" />
          ))}
        </Stack>
      )}
      {query.isError && (
        <LoadError title={paymentsMessages.loadFailure} description={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {packagesQuery.isError && !query.isError && (
        <LoadError title={packagesMessages.loadFailure} description={packagesQuery.error.message} onRetry={() => void packagesQuery.refetch()} />
      )}
      {shown && shown.payments.length === 0 && (
        <EmptyNotice
          icon={<LuWallet />}
          title="Aucune transaction"
          description="Réservez un cours depuis la recherche : vos paiements apparaîtront ici."
        />
      )}
      {shown && shown.payments.length > 0 && (
        <Stack gap="3">
          {shown.payments.map((payment) =>
            payment.kind === 'package' ? (
              <PackagePaymentCard key={payment.pkg.id} pkg={payment.pkg} onInvoice={() => setPackageInvoiceOf(payment.pkg.id)} />
            ) : (
              <TransactionCard
                key={payment.transaction.id}
                transaction={payment.transaction}
                onRelease={() => setPending({ action: 'release', transaction: payment.transaction })}
                onRefund={() => setPending({ action: 'refund', transaction: payment.transaction })}
                onInvoice={() => setInvoiceOf(payment.transaction.id)}
              />
            ),
          )}
        </Stack>
      )}

      <ConfirmDialog
        open={pending?.action === 'release'}
        title="Libérer les fonds ?"
        description={`${pending ? formatFcfa(pending.transaction.amount_tutor) : ''} seront versés à ${pending?.transaction.tutor_name ?? 'au répétiteur'}. Cette action est irréversible.`}
        confirmLabel="Libérer les fonds"
        destructive
        loading={decision.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.action === 'refund'}
        title="Demander un remboursement ?"
        description={`Le cours sera annulé et ${pending ? formatFcfa(pending.transaction.amount_total) : ''} vous seront remboursés sous 2 à 3 jours ouvrés. Cette action est irréversible.`}
        confirmLabel="Demander le remboursement"
        destructive
        loading={decision.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <InvoiceDialog transactionId={invoiceOf} onClose={() => setInvoiceOf(null)} />
      <PackageInvoiceDialog packageId={packageInvoiceOf} onClose={() => setPackageInvoiceOf(null)} />
    </Stack>
  );
}
