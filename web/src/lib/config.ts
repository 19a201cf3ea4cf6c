import { runtimeConfigSchema, type RuntimeConfig } from '#shared/schemas';

let current: RuntimeConfig | undefined;

/** Fetches `/config.json` (written at deploy time, or served by the local stack) and validates it. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json a répondu ${response.status}`);
  current = runtimeConfigSchema.parse(await response.json());
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('La configuration est lue avant son chargement (loadRuntimeConfig)');
  return current;
}
