/** `npm run bench`: prints the figures; nothing here passes or fails on timing. */
import { benchLambdas } from './lambdas.js';
import { benchStartup } from './startup.js';
import { benchWebBundle } from './web-bundle.js';

const only = process.argv.slice(2);
const benches: Record<string, () => Promise<void>> = {
  startup: benchStartup,
  web: benchWebBundle,
  lambdas: benchLambdas,
};

for (const [name, bench] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  await bench();
  console.log('');
}
