import type { RuntimeConfig } from '#shared/schemas';
import { readRuntimeConfig } from './plain-shapes';

let current: RuntimeConfig | undefined;

/** Fetches `/config.json` (written at deploy time, or served by the local stack) and validates it. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json a répondu ${response.status}`);
  const config = readRuntimeConfig(await response.json());
  if ('invalid' in config) throw new Error(`/config.json : le champ ${config.invalid} est absent ou invalide`);
  current = config;
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('La configuration est lue avant son chargement (loadRuntimeConfig)');
  return current;
}
