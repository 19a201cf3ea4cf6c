/**
 * The benches `npm run bench` runs (tests/bench/run.ts), each loaded only when it runs: importing
 * this list imports no bench (tests/integration/bench-smoke.test.ts reads the names).
 */
type Bench = () => Promise<void>;

export const BENCHES: Record<string, () => Promise<Bench>> = {
  startup: async () => (await import('./startup.js')).benchStartup,
  web: async () => (await import('./web-bundle.js')).benchWebBundle,
  lambdas: async () => (await import('./lambdas.js')).benchLambdas,
  uploads: async () => (await import('./uploads.js')).benchUploads,
  photos: async () => (await import('./photos.js')).benchPhotos,
  pages: async () => (await import('./pages.js')).benchPages,
  search: async () => (await import('./search.js')).benchSearch,
  relevance: async () => (await import('./relevance.js')).benchRelevance,
  indexer: async () => (await import('./indexer.js')).benchIndexer,
  payments: async () => (await import('./payments.js')).benchPayments,
  admin: async () => (await import('./admin.js')).benchAdmin,
  payouts: async () => (await import('./payouts.js')).benchPayouts,
  realtime: async () => (await import('./realtime.js')).benchRealtime,
  cost: async () => (await import('./cost.js')).benchCost,
  masking: async () => (await import('./masking.js')).benchMasking,
  packages: async () => (await import('./packages.js')).benchPackages,
};
