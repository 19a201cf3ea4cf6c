import { paymentsMessages } from '#shared/message-catalogue/payments';
import { type InvoiceView } from '#shared/payments-schemas';
import { Alert, Box, Button, Skeleton, Stack } from '@chakra-ui/react';
import { Dialog } from '@/components/chakra/dialog';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { SyntheticEvent } from 'react';
import { LuDownload } from 'react-icons/lu';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { apiRequest } from '@/lib/api';
import { downloadInvoiceDocument, invoiceHtml } from './invoice';

interface InvoiceDocumentDialogProps<T extends { invoice_number: string }> {
  open: boolean;
  onClose: () => void;
  /** The invoice as the API gives it (a lesson's or a package's). */
  query: UseQueryResult<T>;
  /** Its document (invoiceDocument's HTML), shown and downloaded. */
  toHtml: (invoice: T) => string;
  /** Said when the invoice could not be read and the API gave no message. */
  loadFailure: string;
}

/**
 * An invoice shown as the document it downloads as (HTML): a lesson's (InvoiceDialog) or a
 * package's (the payments feature's PackageInvoiceDialog).
 */
export function InvoiceDocumentDialog<T extends { invoice_number: string }>({ open, onClose, query, toHtml, loadFailure }: InvoiceDocumentDialogProps<T>) {
  const html = query.data ? toHtml(query.data) : null;
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={query.data ? `Facture n° ${query.data.invoice_number}` : 'Facture'}
      rootProps={{ size: { base: 'full', md: 'lg' }, scrollBehavior: 'inside', placement: undefined }}
      positionerProps={{ px: undefined }}
      // Scrolls on a phone: focusable, so that the keyboard can scroll it too.
      bodyProps={{ tabIndex: 0 }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Fermer</Button>
          </Dialog.ActionTrigger>
          <Button disabled={!query.data || html === null} onClick={() => query.data && html !== null && downloadInvoiceDocument(query.data.invoice_number, html)}>
            <LuDownload /> Télécharger
          </Button>
        </>
      }
    >
      {query.isPending && (
        <Stack gap="3">
          <Skeleton height="6" />
          <Skeleton height="40" />
        </Stack>
      )}
      {query.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{query.error.message || loadFailure}</Alert.Title>
        </Alert.Root>
      )}
      {query.data && html !== null && (
        <Box
          as="iframe"
          title={`Facture ${query.data.invoice_number}`}
          // A sandboxed frame: the document is ours, but it runs no script. Same origin
          // (still no script) so the dialog can size the frame to the whole invoice: the
          // total, at the bottom, is never hidden inside the frame's own scroll.
          {...{
            sandbox: 'allow-same-origin',
            srcDoc: html,
            onLoad: (event: SyntheticEvent<HTMLIFrameElement>) => {
              const height = event.currentTarget.contentDocument?.documentElement.scrollHeight;
              if (height) event.currentTarget.style.height = `${height + 2}px`;
            },
          }}
          width="full"
          minH="480px"
          borderWidth="1px"
          rounded="md"
          bg="white"
        />
      )}
    </DialogFrame>
  );
}

interface InvoiceDialogProps {
  transactionId: string | null;
  onClose: () => void;
}

/** The invoice of a transaction (a lesson's). */
export function InvoiceDialog({ transactionId, onClose }: InvoiceDialogProps) {
  const query = useQuery({
    queryKey: ['invoice', transactionId],
    queryFn: ({ signal }) => apiRequest<InvoiceView>('getInvoice', { params: { id: transactionId! }, signal }),
    enabled: transactionId !== null,
  });
  return <InvoiceDocumentDialog open={transactionId !== null} onClose={onClose} query={query} toHtml={invoiceHtml} loadFailure={paymentsMessages.loadFailure} />;
}
