/**
 * /config.json and the API's error answer are read without zod on every page (issue 34: a
 * visitor's first page carries no schema): web/src/lib/plain-shapes.ts must accept exactly what
 * the contract's schemas accept (shared/src/schemas.ts), and give back what they would.
 */
import { apiErrorSchema, runtimeConfigSchema } from '#shared/schemas';
import { describe, expect, it } from 'vitest';
import { readApiError, readRuntimeConfig } from '../../web/src/lib/plain-shapes';

const config = { stage: 'local', region: 'eu-west-1', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '' };

const configs: unknown[] = [
  config,
  { ...config, userPoolEndpoint: 'http://localhost:9229', realtimeUrl: 'wss://example.com' },
  { ...config, extra: 'ignored' },
  { ...config, userPoolEndpoint: undefined },
  { ...config, realtimeUrl: null },
  { ...config, stage: 3 },
  { ...config, apiBaseUrl: undefined },
  { ...config, userPoolEndpoint: 42 },
  null,
  [],
  'config',
];

const errors: unknown[] = [
  { error: { code: 'NOT_FOUND', message: 'Introuvable' } },
  { error: { code: 'CONFLICT', message: 'Déjà fait', details: [{ path: 'lesson', message: 'Payée', extra: 1 }] } },
  { error: { code: 'CONFLICT', message: 'Déjà fait', details: [] }, extra: true },
  { error: { code: 'CONFLICT', message: 'Déjà fait', details: [{ path: 'lesson' }] } },
  { error: { code: 'CONFLICT', message: 'Déjà fait', details: 'non' } },
  { error: { code: 500, message: 'Erreur' } },
  { error: { message: 'Erreur' } },
  { error: 'Erreur' },
  { message: 'Unauthorized' },
  undefined,
  '<html>',
];

describe('the shapes read without zod', () => {
  it.each(configs.map((value) => [JSON.stringify(value) ?? 'undefined', value]))('reads /config.json %s as runtimeConfigSchema does', (_, value) => {
    const parsed = runtimeConfigSchema.safeParse(value);
    const read = readRuntimeConfig(value);
    if (parsed.success) expect(read).toStrictEqual(parsed.data);
    else expect(read).toHaveProperty('invalid');
  });

  it.each(errors.map((value) => [JSON.stringify(value) ?? 'undefined', value]))('reads the error answer %s as apiErrorSchema does', (_, value) => {
    const parsed = apiErrorSchema.safeParse(value);
    expect(readApiError(value)).toStrictEqual(parsed.success ? parsed.data : null);
  });
});
