// Per-entity throttling per operation (result code 800.120.100): a fixed window aligned to the
// clock (a window starts at every multiple of windowMs), so every relay process puts a request in
// the same window. Two implementations of one interface, chosen in app/create-context.ts: counted
// in this process (InProcessThrottle, below), or in Redis and shared by every relay process
// (RedisThrottle, redis-throttle.ts). Limits live in config and entity settings; a limit of 0 means
// no limit, and such a request is not even counted.

import type { Clock } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import type { ThrottledOperation } from '../domain/records.js';

/** Where a throttle reports that it could not count (a request's logger fits). */
export interface ThrottleLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export interface Throttle {
  /**
   * Counts one request of `scope` (an entity id, a checkout, a client) for `operation`; throws
   * ApiError('throttled') once `limit` is exceeded in the current window. Returns undefined when
   * decided at once, or a promise when the count lives elsewhere: callers await only a promise, so
   * the in-process path makes none (it runs on every API request).
   */
  take(scope: string, operation: ThrottledOperation, limit: number, log: ThrottleLog): Promise<void> | undefined;
  /** Lets go of connections; called once on shutdown. */
  close(): Promise<void>;
}

/** Start of the fixed window `now` falls in, epoch milliseconds. */
export function windowStartOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/** Counts in this process's memory: one relay process enforces the limit on its own share. */
export class InProcessThrottle implements Throttle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  take(scope: string, operation: ThrottledOperation, limit: number): undefined {
    if (limit === 0) return undefined;
    const key = `${scope}\u0000${operation}`;
    const start = windowStartOf(this.clock.now(), this.windowMs);
    const current = this.windows.get(key);
    if (!current || current.start !== start) {
      if (this.windows.size > 100_000) this.sweep(start);
      this.windows.set(key, { start, count: 1 });
      return undefined;
    }
    current.count += 1;
    if (current.count > limit) throw new ApiError('throttled');
    return undefined;
  }

  async close(): Promise<void> {}

  private sweep(start: number): void {
    for (const [key, w] of this.windows) if (w.start !== start) this.windows.delete(key);
  }
}
