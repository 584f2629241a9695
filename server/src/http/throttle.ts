// Per-entity throttling per operation (result code 800.120.100). A fixed window counted in
// memory: one relay process enforces its own share; limits live in config and entity settings.

import type { Clock } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';

export type ThrottledOperation = 'payments' | 'followUps' | 'registrations' | 'checkouts' | 'reads';

export class Throttle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  /** Counts one request; throws ApiError('throttled') once `limit` is exceeded in the window. */
  take(scope: string, operation: ThrottledOperation, limit: number): void {
    const key = `${scope}\u0000${operation}`;
    const now = this.clock.now();
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs || now < current.start) {
      if (this.windows.size > 100_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return;
    }
    current.count += 1;
    if (current.count > limit) throw new ApiError('throttled');
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
