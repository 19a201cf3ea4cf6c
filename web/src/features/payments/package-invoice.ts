/**
 * A package's one invoice (issue 32), in the presentation of every Kalan invoice (invoiceDocument):
 * the package, then one line per lesson, and the total paid once.
 */
import { courseOf } from '#shared/french';
import { formatFcfa } from '#shared/money';
import type { PackageInvoiceView } from '#shared/package-schemas';
import { formatDate, formatDateTime } from '@/components/money/format';
import { invoiceDocument } from '@/components/money/invoice';

export function packageInvoiceHtml(invoice: PackageInvoiceView): string {
  const pkg = invoice.package;
  return invoiceDocument({
    invoice,
    details: [
      ['Forfait', `${courseOf(pkg.subject)} — ${pkg.level}, ${pkg.lessons_per_week} cours par semaine`],
      ['Période', `du ${formatDate(pkg.start_date)} au ${formatDate(pkg.end)}`],
      ['Statut', pkg.status_label],
    ],
    reference: pkg.reference,
    rows: [
      ...invoice.lines.map((line): [string, string] => [`${formatDateTime(line.start)} · ${line.description} · ${line.status_label}`, formatFcfa(line.amount)]),
      ...(pkg.discount_percent > 0 ? [[`Remise forfait incluse`, `${pkg.discount_percent} %`] as [string, string]] : []),
    ],
    total: invoice.total,
    footnote: 'Payé en une fois ; chaque cours est versé au répétiteur une fois confirmé, ou remboursé selon la politique d’annulation.',
  });
}
