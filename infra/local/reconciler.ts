/**
 * The reconciler's schedule on this machine: what EventBridge Scheduler does every 15 minutes in
 * the cloud, a timer of `npm start` does here, invoking the same handler through the in-process
 * Lambda runtime. LOCAL_RECONCILE_INTERVAL_MS sets the interval (default 15 minutes; 0 turns it
 * off), so a test can run it every second. A run still going when the next is due is not doubled.
 */
import { eventHandlers } from '#shared/routes';
import type { ReconcileReport } from '../../functions/src/escrow/reconcile.js';
import { invoke } from './lambda-runtime.js';
import { onStop } from './processes.js';

const DEFAULT_INTERVAL_MS = 15 * 60 * 1000;

export function reconcileIntervalMs(): number {
  const raw = process.env.LOCAL_RECONCILE_INTERVAL_MS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_INTERVAL_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`LOCAL_RECONCILE_INTERVAL_MS invalide : ${raw}`);
  return value;
}

/** One run, as the schedule invokes it; what it repaired is printed, an empty run stays quiet. */
export async function reconcileOnce(): Promise<ReconcileReport> {
  const report = (await invoke(eventHandlers.reconciler, { source: 'local' })) as ReconcileReport;
  if (report.repaired || report.errors) {
    console.log(`[reconcile] ${report.repaired} réparation(s) ${JSON.stringify(report.repairs)}, ${report.errors} erreur(s), ${report.deferred} reportée(s)`);
  }
  return report;
}

export function startReconcileTimer(): void {
  const interval = reconcileIntervalMs();
  if (interval === 0) return;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcileOnce()
      .catch((error: Error) => console.error(`[reconcile] échec : ${error.message}`))
      .finally(() => (running = undefined));
  }, interval);
  onStop(async () => {
    clearInterval(timer);
    // Let a run under way finish its conditional writes before the engines stop.
    await running;
  });
}
