/** Starts the payment side of the local stack: the Paystack sandbox and the local Step Functions. */
import http from 'node:http';
import { localConfig, type LocalConfig } from './config.js';
import { createPaystackSandbox, localPaystackSecret } from './paystack-sandbox.js';
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
  const sfn = await createLocalStepFunctions(config);
  await Promise.all([listen(sandbox.server, config.ports.paystack, config.host), listen(sfn.server, config.ports.sfn, config.host)]);
  onStop(() => {
    sfn.stop();
    sandbox.stop();
    sandbox.server.closeAllConnections();
    sfn.server.closeAllConnections();
    return Promise.all([
      new Promise<void>((resolve) => sandbox.server.close(() => resolve())),
      new Promise<void>((resolve) => sfn.server.close(() => resolve())),
    ]).then(() => undefined);
  });
  return {
    // Workflows first, so that a webhook sent again finds its transaction's workflow waiting.
    async resumeInFlight() {
      const resumed = await sfn.resumeInFlight();
      sandbox.resumeWebhooks();
      return resumed;
    },
  };
}
