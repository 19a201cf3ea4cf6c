/**
 * The invoice as a standalone HTML document (viewable, and downloadable as a .html file), built
 * from the API's invoice data: the same integer FCFA amounts as every other view.
 */
import { courseOf } from '#shared/french';
import { formatFcfa } from '#shared/money';
import { COURSE_STATUS_LABELS, PAYMENT_METHOD_LABELS, TRANSACTION_STATUS_DESCRIPTIONS, TRANSACTION_STATUS_LABELS } from '#shared/payments';
import { type InvoiceView } from '#shared/payments-schemas';
import { formatDate, formatDateTime } from './format';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invoiceFileName(invoice: InvoiceView): string {
  return `facture-kalan-${invoice.invoice_number}.html`;
}

export function invoiceHtml(invoice: InvoiceView): string {
  const tx = invoice.transaction;
  const course = tx.courses[0];
  const rows: Array<[string, string]> = [
    [course ? `${courseOf(course.subject)} — ${course.level}` : tx.description, ''],
    ['Tarif horaire', formatFcfa(tx.hourly_rate)],
    ['Durée', `${course?.duration_hours ?? 0} h`],
    ['Part du répétiteur', formatFcfa(tx.amount_tutor)],
    ['Commission Kalan (10 %)', formatFcfa(tx.commission_amount)],
  ];
  return invoiceDocument({
    invoice,
    details: [
      ['Date du cours', formatDateTime(course?.scheduled_date)],
      ['Moyen de paiement', PAYMENT_METHOD_LABELS[tx.payment_method]],
      ['Statut', `${TRANSACTION_STATUS_LABELS[tx.status]}${course ? ` · cours ${COURSE_STATUS_LABELS[course.status].toLowerCase()}` : ''}`],
    ],
    reference: tx.reference,
    rows,
    total: tx.amount_total,
    footnote: `${TRANSACTION_STATUS_DESCRIPTIONS[tx.status]}.`,
  });
}

/** What an invoice document shows: the parties, its details, its lines and the total paid. */
interface InvoiceDocument {
  invoice: Pick<InvoiceView, 'invoice_number' | 'issued_at' | 'parent' | 'tutor'>;
  details: Array<[string, string]>;
  reference: string;
  rows: Array<[string, string]>;
  total: number;
  footnote: string;
}

/** The one presentation of Kalan's invoices (a lesson's, a package's: issue 32). */
export function invoiceDocument({ invoice, details, reference, rows, total, footnote }: InvoiceDocument): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Facture ${escape(invoice.invoice_number)} — Kalan</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a1a;margin:0;padding:24px;background:#fff}
main{max-width:720px;margin:auto}header{display:flex;justify-content:space-between;flex-wrap:wrap;gap:12px;border-bottom:3px solid #ea580c;padding-bottom:12px}
h1{margin:0;color:#ea580c}table{width:100%;border-collapse:collapse;margin-top:20px}td{padding:8px 4px;border-bottom:1px solid #eee}td:last-child{text-align:right;white-space:nowrap}
.total td{font-weight:700;font-size:1.15em;border-top:2px solid #1a1a1a}.muted{color:#666;font-size:.9em}
</style></head>
<body><main>
<header><div><h1>Kalan</h1><div class="muted">Place de marché des répétiteurs — Abidjan, Côte d'Ivoire</div></div>
<div><strong>Facture n° ${escape(invoice.invoice_number)}</strong><div class="muted">Émise le ${escape(formatDate(invoice.issued_at))}</div></div></header>
<p><strong>Client :</strong> ${escape(invoice.parent.name)}${invoice.parent.email ? ` (${escape(invoice.parent.email)})` : ''}<br>
<strong>Répétiteur :</strong> ${escape(invoice.tutor.name)}<br>
${details.map(([label, value]) => `<strong>${escape(label)} :</strong> ${escape(value)}<br>`).join('\n')}
<span class="muted">Référence de paiement : ${escape(reference)}</span></p>
<table>${rows.map(([label, value]) => `<tr><td>${escape(label)}</td><td>${escape(value)}</td></tr>`).join('')}
<tr class="total"><td>Total payé</td><td>${escape(formatFcfa(total))}</td></tr></table>
<p class="muted">Montants en francs CFA (XOF). ${escape(footnote)}</p>
</main></body></html>`;
}

/** Saves an invoice document (invoiceDocument's) as `facture-kalan-<number>.html`. */
export function downloadInvoiceDocument(invoiceNumber: string, html: string): void {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `facture-kalan-${invoiceNumber}.html`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
