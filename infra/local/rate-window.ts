/**
 * A limit of requests per client address over a sliding window: the local stand-in for the
 * cloud's WAF rate rule (infra/lib/waf.ts), which the router applies to the visitors' API.
 */
export class RateWindow {
  /** Each address's admitted requests in the window, oldest first. */
  private readonly seen = new Map<string, number[]>();
  private admittedSinceSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of `address` if the window has room for it; false (not counted) otherwise. */
  admit(address: string): boolean {
    const now = this.now();
    const times = this.recent(address, now);
    if (times.length >= this.limit) return false;
    times.push(now);
    this.seen.set(address, times);
    if (++this.admittedSinceSweep >= 1000) this.sweep(now);
    return true;
  }

  /** Seconds until `address` may send again (for `retry-after`). */
  retryAfterSeconds(address: string): number {
    const oldest = this.seen.get(address)?.[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  private recent(address: string, now: number): number[] {
    const times = this.seen.get(address) ?? [];
    let expired = 0;
    while (expired < times.length && times[expired]! <= now - this.windowMs) expired += 1;
    return expired ? times.slice(expired) : times;
  }

  /** Forgets the addresses that sent nothing in the window (a long-running stack stays small). */
  private sweep(now: number): void {
    this.admittedSinceSweep = 0;
    for (const [address, times] of this.seen) {
      if (times.at(-1)! <= now - this.windowMs) this.seen.delete(address);
    }
  }
}
