/**
 * The reconcilers' schedules on this machine: what EventBridge Scheduler does in the cloud — the
 * escrow's every 15 minutes, the payouts' every 5 — timers of `npm start` do here, invoking the
 * same handlers through the in-process Lambda runtime. LOCAL_RECONCILE_INTERVAL_MS and
 * LOCAL_PAYOUT_RECONCILE_INTERVAL_MS set the intervals (0 turns one off), so a test can run them
 * every second. A run still going when the next is due is not doubled.
 */
import { eventHandlers } from '#shared/routes';
import type { ReconcileReport } from '../../functions/src/escrow/reconcile.js';
import type { PayoutReconcileReport } from '../../functions/src/payouts/reconcile.js';
import { invoke } from './lambda-runtime.js';
import { onStop } from './processes.js';

const DEFAULT_INTERVAL_MS = 15 * 60 * 1000;
const DEFAULT_PAYOUT_INTERVAL_MS = 5 * 60 * 1000;

function intervalFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} invalide : ${raw}`);
  return value;
}

export function reconcileIntervalMs(): number {
  return intervalFrom('LOCAL_RECONCILE_INTERVAL_MS', DEFAULT_INTERVAL_MS);
}

export function payoutReconcileIntervalMs(): number {
  return intervalFrom('LOCAL_PAYOUT_RECONCILE_INTERVAL_MS', DEFAULT_PAYOUT_INTERVAL_MS);
}

/** One run, as the schedule invokes it; what it repaired is printed, an empty run stays quiet. */
export async function reconcileOnce(): Promise<ReconcileReport> {
  const report = (await invoke(eventHandlers.reconciler, { source: 'local' })) as ReconcileReport;
  if (report.repaired || report.errors) {
    console.log(`[reconcile] ${report.repaired} réparation(s) ${JSON.stringify(report.repairs)}, ${report.errors} erreur(s), ${report.deferred} reportée(s)`);
  }
  return report;
}

/** One run of the payouts' reconciler; what it settled or restarted is printed. */
export async function reconcilePayoutsOnce(): Promise<PayoutReconcileReport> {
  const report = (await invoke(eventHandlers.payoutReconciler, { source: 'local' })) as PayoutReconcileReport;
  if (report.settled || report.reversed || report.redriven || report.stuck || report.errors) {
    console.log(
      `[reconcile] retraits : ${report.settled} réglé(s), ${report.reversed} annulé(s) par l'opérateur, ${report.redriven} relancé(s), ${report.stuck} bloqué(s), ${report.errors} erreur(s)`,
    );
  }
  return report;
}

export function startReconcileTimer(): void {
  startTimer('reconcile', reconcileIntervalMs(), reconcileOnce);
  startTimer('reconcile retraits', payoutReconcileIntervalMs(), reconcilePayoutsOnce);
}

function startTimer(label: string, interval: number, run: () => Promise<unknown>): void {
  if (interval === 0) return;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch((error: Error) => console.error(`[${label}] échec : ${error.message}`))
      .finally(() => (running = undefined));
  }, interval);
  onStop(async () => {
    clearInterval(timer);
    // Let a run under way finish its conditional writes before the engines stop.
    await running;
  });
}
