import { packagesMessages } from '#shared/message-catalogue/packages';
import type { PackageInvoiceView } from '#shared/package-schemas';
import { useQuery } from '@tanstack/react-query';
import { InvoiceDocumentDialog } from '@/components/money/invoice-dialog';
import { apiRequest } from '@/lib/api';
import { packageInvoiceHtml } from '../package-invoice';

/** A package's one invoice, in the same dialog as a lesson's. */
export function PackageInvoiceDialog({ packageId, onClose }: { packageId: string | null; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['invoice', 'package', packageId],
    queryFn: ({ signal }) => apiRequest<PackageInvoiceView>('getPackageInvoice', { params: { id: packageId! }, signal }),
    enabled: packageId !== null,
  });
  return <InvoiceDocumentDialog open={packageId !== null} onClose={onClose} query={query} toHtml={packageInvoiceHtml} loadFailure={packagesMessages.loadFailure} />;
}
