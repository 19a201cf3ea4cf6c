import { messages } from '#shared/messages';
import type { PackageInvoiceView } from '#shared/package-schemas';
import { Alert, Box, Button, Dialog, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { SyntheticEvent } from 'react';
import { LuDownload } from 'react-icons/lu';
import { downloadInvoiceDocument } from '@/components/money/invoice';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { apiRequest } from '@/lib/api';
import { packageInvoiceHtml } from '../package-invoice';

/** A package's one invoice, shown as the document it downloads as (like a lesson's, InvoiceDialog). */
export function PackageInvoiceDialog({ packageId, onClose }: { packageId: string | null; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['invoice', 'package', packageId],
    queryFn: ({ signal }) => apiRequest<PackageInvoiceView>('getPackageInvoice', { params: { id: packageId! }, signal }),
    enabled: packageId !== null,
  });
  const html = query.data ? packageInvoiceHtml(query.data) : null;
  return (
    <DialogFrame
      open={packageId !== null}
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
          <Button disabled={!query.data || !html} onClick={() => query.data && html && downloadInvoiceDocument(query.data.invoice_number, html)}>
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
          <Alert.Title>{query.error.message || messages.packages.loadFailure}</Alert.Title>
        </Alert.Root>
      )}
      {query.data && html && (
        <Box
          as="iframe"
          title={`Facture ${query.data.invoice_number}`}
          // Sandboxed, no script; same origin so the frame can be sized to the whole invoice.
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
