/** The local router's limit per address (infra/local/rate-window.ts): a sliding window, as WAF counts. */
import { describe, expect, it } from 'vitest';
import { RateWindow } from '../../infra/local/rate-window.js';

describe('RateWindow', () => {
  it('admits `limit` requests of an address in the window, refuses the next, and admits again as the oldest leave it', () => {
    let now = 1_000_000;
    const window = new RateWindow(3, 60_000, () => now);
    expect([window.admit('a'), window.admit('a')]).toEqual([true, true]);
    now += 30_000;
    expect(window.admit('a')).toBe(true);
    expect(window.admit('a')).toBe(false);
    // Another address has its own count.
    expect(window.admit('b')).toBe(true);
    expect(window.retryAfterSeconds('a')).toBe(30);
    // A refusal is not counted: once the first two are out of the window, two more are admitted.
    now += 30_000;
    expect([window.admit('a'), window.admit('a'), window.admit('a')]).toEqual([true, true, false]);
  });

  it('forgets the addresses that sent nothing in the window', () => {
    let now = 0;
    const window = new RateWindow(1, 1000, () => now);
    for (let i = 0; i < 999; i += 1) window.admit(`10.0.${Math.floor(i / 250)}.${i % 250}`);
    now += 5000;
    window.admit('10.9.9.9');
    expect((window as unknown as { seen: Map<string, number[]> }).seen.size).toBe(1);
  });
});
