/** Starts the local EventBridge Scheduler (scheduler.ts) on the loopback, for the stack's Lambda targets. */
import { eventHandlers } from '#shared/routes';
import { localConfig, type LocalConfig } from './config.js';
import { onStop } from './processes.js';
import { createLocalScheduler, type LocalScheduler } from './scheduler.js';

/** The functions a local schedule may target, by the name the local Lambda runtime gives them (lambda-runtime.ts). */
export const SCHEDULE_TARGETS = { [eventHandlers.notifier.replace(/\//g, '-')]: eventHandlers.notifier };

export async function startScheduler(config: LocalConfig = localConfig): Promise<LocalScheduler> {
  const scheduler = createLocalScheduler(SCHEDULE_TARGETS, config);
  await new Promise<void>((resolve, reject) => {
    scheduler.server.once('error', reject);
    // Loopback only: a schedule invokes the stack's functions.
    scheduler.server.listen(config.ports.scheduler, '127.0.0.1', resolve);
  });
  onStop(() => {
    scheduler.stop();
    scheduler.server.closeAllConnections();
    return new Promise<void>((resolve) => scheduler.server.close(() => resolve()));
  });
  return scheduler;
}
