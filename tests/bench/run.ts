/** `npm run bench [name…]`: prints the figures; nothing here passes or fails on timing. */
import { spawnSync } from 'node:child_process';
import { benchAdmin } from './admin.js';
import { benchCost } from './cost.js';
import { benchIndexer } from './indexer.js';
import { benchLambdas } from './lambdas.js';
import { benchPages } from './pages.js';
import { benchPayments } from './payments.js';
import { benchPhotos } from './photos.js';
import { benchSearch } from './search.js';
import { benchStartup } from './startup.js';
import { benchUploads } from './uploads.js';
import { benchWebBundle } from './web-bundle.js';

const benches: Record<string, () => Promise<void>> = {
  startup: benchStartup,
  web: benchWebBundle,
  lambdas: benchLambdas,
  uploads: benchUploads,
  photos: benchPhotos,
  pages: benchPages,
  search: benchSearch,
  indexer: benchIndexer,
  payments: benchPayments,
  admin: benchAdmin,
  cost: benchCost,
};

const only = process.argv.slice(2);

if (only.length === 0) {
  // Each benchmark in its own process: they start local stacks whose settings are read once.
  for (const name of Object.keys(benches)) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, name], { stdio: 'inherit' });
    if (result.status !== 0) console.log(`(${name}: exited with ${result.status ?? result.signal})\n`);
  }
} else {
  for (const name of only) {
    const bench = benches[name];
    if (!bench) throw new Error(`Unknown benchmark ${name}: ${Object.keys(benches).join(', ')}`);
    await bench();
    console.log('');
  }
}
