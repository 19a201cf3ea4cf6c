/**
 * Starts the payment side of the local stack: the Paystack sandbox, the payout providers' doubles
 * (CinetPay Transfer and Wave, payouts-sandbox.ts) and the local Step Functions.
 */
import http from 'node:http';
import { localConfig, type LocalConfig } from './config.js';
import { createPaystackSandbox, localPaystackSecret } from './paystack-sandbox.js';
import { createPayoutsSandbox, payoutsEnvironment } from './payouts-sandbox.js';
import { onStop } from './processes.js';
import { createLocalStepFunctions } from './stepfunctions.js';

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
}

export async function startPayments(config: LocalConfig = localConfig): Promise<{ resumeInFlight: () => Promise<number> }> {
  // The handlers read the key like a secret fetched once per container; it stays on this machine.
  process.env.PAYSTACK_SECRET_KEY = localPaystackSecret(config);
  const sandbox = createPaystackSandbox(config, process.env.PAYSTACK_SECRET_KEY);
  // The payout clients read their credentials the same way; the doubles stay on the loopback.
  const payouts = createPayoutsSandbox(config);
  Object.assign(process.env, payoutsEnvironment(config, payouts.credentials));
  const sfn = await createLocalStepFunctions(config);
  await Promise.all([
    listen(sandbox.server, config.ports.paystack, config.host),
    listen(payouts.server, config.ports.payouts, '127.0.0.1'),
    listen(sfn.server, config.ports.sfn, config.host),
  ]);
  onStop(() => {
    sfn.stop();
    sandbox.stop();
    payouts.stop();
    for (const server of [sandbox.server, payouts.server, sfn.server]) server.closeAllConnections();
    return Promise.all(
      [sandbox.server, payouts.server, sfn.server].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    ).then(() => undefined);
  });
  return {
    // Workflows first, so that a webhook sent again finds its transaction's workflow waiting.
    async resumeInFlight() {
      const resumed = await sfn.resumeInFlight();
      sandbox.resumeWebhooks();
      payouts.resume();
      return resumed;
    },
  };
}
