/** `npm run bench`: prints the figures; nothing here passes or fails on timing. */
import { benchLambdas } from './lambdas.js';
import { benchPayments } from './payments.js';
import { benchSearch } from './search.js';
import { benchStartup } from './startup.js';
import { benchUploads } from './uploads.js';
import { benchWebBundle } from './web-bundle.js';

const only = process.argv.slice(2);
const benches: Record<string, () => Promise<void>> = {
  startup: benchStartup,
  web: benchWebBundle,
  lambdas: benchLambdas,
  uploads: benchUploads,
  search: benchSearch,
  payments: benchPayments,
};

for (const [name, bench] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  await bench();
  console.log('');
}
