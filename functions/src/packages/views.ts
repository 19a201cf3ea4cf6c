/**
 * A package as its pages show it (PackageView): the package item, its lessons read by id (one
 * BatchGet), and per lesson what its money became — released to the tutor, refunded, kept as a
 * credit, or still held — from the lesson's own status and amounts (the same figures its ledger
 * lines carry, without reading them: a view of 20 lessons stays one BatchGet). Once paid, the sums
 * always add up to what the parent paid once (a credit spent on a rebooked lesson moves to that
 * lesson, which the package lists too).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';
import { courseOf } from '#shared/french';
import { invoiceNumber, TRANSACTION_STATUS_LABELS } from '#shared/payments';
import { RENEWAL_NOTICE_DAYS, type PackageInvoiceView, type PackageStatus, type PackageLessonView, type PackageView } from '#shared/package-schemas';
import { moneyReceived } from '#shared/transaction-process';
import { kalanTable } from '#commons/db';
import { NotFoundError } from '#commons/errors';
import type { Caller } from '#commons/http';
import { messages } from '#shared/messages';
import { transactionsByIds, type Transaction } from '../payments/transactions.js';
import { PackageEntity } from './entities.js';

export type Package = FormattedItem<typeof PackageEntity>;

const DAY = 86_400_000;

/** The package's state in the words of its pages. */
export const PACKAGE_STATUS_LABELS: Record<PackageStatus, string> = {
  pending: 'Paiement en attente',
  active: 'En cours',
  stopped: 'Arrêté',
  completed: 'Terminé',
  failed: 'Échec du paiement',
};

export async function getPackage(id: string, consistent = true): Promise<Package | null> {
  const { Item } = await PackageEntity.build(GetItemCommand).key({ id }).options({ consistent }).send();
  return Item ?? null;
}

/** The package if the caller may see it: its parent, its tutor, or an admin; else 404. */
export async function packageFor(id: string, caller: Caller, as: Array<'parent' | 'tutor' | 'admin'> = ['parent', 'tutor', 'admin']): Promise<Package> {
  const pkg = await getPackage(id.toLowerCase());
  const allowed =
    pkg &&
    ((as.includes('admin') && caller.groups.includes('admin')) ||
      (as.includes('parent') && caller.groups.includes('parent') && pkg.parent_id === caller.userId) ||
      (as.includes('tutor') && caller.groups.includes('tuteur') && pkg.tutor_user_id === caller.userId));
  if (!pkg || !allowed) throw new NotFoundError(messages.packages.notFound);
  return pkg;
}

/** The lessons of a package, in its order (start order, then those rebooked with a credit). */
export function lessonsOf(pkg: Pick<Package, 'lesson_ids'>): Promise<Transaction[]> {
  return transactionsByIds(pkg.lesson_ids);
}

interface LessonMoney {
  released: number;
  refunded: number;
  credit: number;
  held: number;
}

/**
 * Where one lesson's money is now. A late cancellation or a decline refunds `cancellation.refund`
 * and releases what the tutor kept; a credit spent moves `credit.transferred` to the lesson it paid
 * (counted there), the rest of it refunded; a refund under way counts as refunded.
 */
export function lessonMoney(tx: Transaction): LessonMoney {
  const none = { released: 0, refunded: 0, credit: 0, held: 0 };
  if (!moneyReceived(tx)) return none;
  const amount = tx.amount_total;
  const kept = tx.cancellation ? tx.cancellation.tutor + tx.cancellation.commission : 0;
  const transferred = tx.credit?.transferred ?? 0;
  switch (tx.status) {
    case 'released':
      return { ...none, released: amount };
    case 'refunded':
    case 'refund_pending':
      return { ...none, released: kept, refunded: (tx.cancellation?.refund ?? amount) - transferred };
    case 'credited':
      return { ...none, credit: amount - transferred };
    case 'transferred':
      return { ...none, refunded: amount - transferred };
    default:
      // requested, escrow, disputed, a paid needs_attention: still held in escrow.
      return { ...none, held: amount };
  }
}

const endOf = (tx: Transaction) => new Date(Date.parse(tx.course.scheduled_date ?? tx.created_at) + tx.course.duration_hours * 3_600_000).toISOString();

export function toPackageLessonView(tx: Transaction): PackageLessonView {
  const money = lessonMoney(tx);
  return {
    id: tx.id,
    start: tx.course.scheduled_date ?? tx.created_at,
    end: endOf(tx),
    status: tx.status,
    status_label: TRANSACTION_STATUS_LABELS[tx.status],
    amount: tx.amount_total,
    released: money.released,
    refunded: money.refunded,
    credit: money.credit,
    ...(tx.funded_by ? { rebooked_from: tx.funded_by } : {}),
  };
}

const CANCELLED = new Set(['refunded', 'refund_pending', 'credited', 'transferred', 'failed', 'payment_mismatch']);

/** 'Renouveler' is open: the package runs, nobody renewed it yet, and its end is RENEWAL_NOTICE_DAYS away at most. */
export function renewalOpen(pkg: Pick<Package, 'status' | 'end_at' | 'renewed_by'>, now: Date): boolean {
  return pkg.status === 'active' && !pkg.renewed_by && now.getTime() >= Date.parse(pkg.end_at) - RENEWAL_NOTICE_DAYS * DAY;
}

export function toPackageView(pkg: Package, lessons: readonly Transaction[], now = new Date()): PackageView {
  const views = lessons.map(toPackageLessonView);
  const amounts = { released: 0, refunded: 0, credit: 0, held: 0 };
  const counts = { lessons: lessons.length, done: 0, upcoming: 0, cancelled: 0 };
  for (const [i, tx] of lessons.entries()) {
    const money = lessonMoney(tx);
    amounts.released += money.released;
    amounts.refunded += money.refunded;
    amounts.credit += money.credit;
    amounts.held += money.held;
    if (CANCELLED.has(tx.status)) counts.cancelled++;
    else if (tx.status === 'released' || Date.parse(views[i]!.end) <= now.getTime()) counts.done++;
    else counts.upcoming++;
  }
  return {
    id: pkg.id,
    status: pkg.status,
    status_label: PACKAGE_STATUS_LABELS[pkg.status],
    tutor_id: pkg.tutor_id,
    tutor_name: pkg.tutor_name,
    parent_name: pkg.parent_name,
    subject: pkg.subject,
    level: pkg.level,
    duration_hours: pkg.duration_hours,
    lessons_per_week: pkg.lessons_per_week,
    slots: pkg.slots,
    start_date: pkg.start_date,
    end: pkg.end_at,
    discount_percent: pkg.discount_percent,
    lesson_price: pkg.lesson_total,
    amount_total: pkg.amount_total,
    reference: pkg.reference,
    invoice_number: invoiceNumber(pkg.id),
    created_at: pkg.created_at,
    ...(pkg.paid_at ? { paid_at: pkg.paid_at } : {}),
    ...(pkg.stopped_at ? { stopped_at: pkg.stopped_at } : {}),
    amounts,
    counts,
    lessons: views,
    renewal_open: renewalOpen(pkg, now),
  };
}

/** Many packages' views with one BatchGet of all their lessons. */
export async function packageViews(packages: readonly Package[], now = new Date()): Promise<PackageView[]> {
  const lessons = await transactionsByIds(packages.flatMap((pkg) => pkg.lesson_ids));
  const byId = new Map(lessons.map((tx) => [tx.id, tx]));
  return packages.map((pkg) =>
    toPackageView(
      pkg,
      pkg.lesson_ids.map((id) => byId.get(id)).filter((tx): tx is Transaction => tx !== undefined),
      now,
    ),
  );
}

/** Packages by id, in the order given (BatchGet, 100 keys per request). */
export async function packagesByIds(ids: readonly string[]): Promise<Package[]> {
  const found = new Map<string, Package>();
  for (let i = 0; i < ids.length; i += 100) {
    const requests = ids.slice(i, i + 100).map((id) => PackageEntity.build(BatchGetRequest).key({ id }));
    if (requests.length === 0) continue;
    const { Responses } = await executeBatchGet({ maxAttempts: 5 }, kalanTable.build(BatchGetCommand).requests(...requests));
    for (const item of Responses[0] ?? []) if (item) found.set(item.id, item as Package);
  }
  return ids.map((id) => found.get(id)).filter((pkg): pkg is Package => pkg !== undefined);
}

export function toPackageInvoice(pkg: Package, lessons: readonly Transaction[], now = new Date()): PackageInvoiceView {
  const view = toPackageView(pkg, lessons, now);
  return {
    invoice_number: view.invoice_number,
    issued_at: pkg.paid_at ?? pkg.created_at,
    package: view,
    lines: lessons.map((tx) => ({
      transaction_id: tx.id,
      description: `${courseOf(tx.course.subject)} (${tx.course.level}) — ${tx.course.duration_hours} h`,
      start: tx.course.scheduled_date ?? tx.created_at,
      amount: tx.amount_total,
      status_label: TRANSACTION_STATUS_LABELS[tx.status],
    })),
    total: pkg.amount_total,
    parent: { name: pkg.parent_name, email: pkg.email },
    tutor: { name: pkg.tutor_name },
  };
}
