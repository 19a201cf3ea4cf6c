/**
 * Every schema file of the contract gets zod from shared/src/zod.ts, so a Lambda that imports
 * only one of them still answers zod's default messages in French. This file imports nothing else.
 */
import { describe, expect, it } from 'vitest';
import { escrowDecisionSchema } from '#shared/payments-schemas';

describe('zod default messages', () => {
  it('are French for a schema file imported on its own', () => {
    // adminNotes has no message of its own: zod's default one is used.
    const result = escrowDecisionSchema.safeParse({ action: 'release', adminNotes: 42 });
    expect(result.success).toBe(false);
    const message = result.error?.issues[0]?.message ?? '';
    expect(message).not.toMatch(/invalid input|expected/i);
    expect(message).toMatch(/entrée|attendu/i);
  });
});
