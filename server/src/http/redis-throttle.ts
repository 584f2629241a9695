// The throttle counted in Redis, so every relay process behind a load balancer enforces one limit
// together. One key per (operation, window start, scope), raised by a Lua script that increments
// and sets the expiry in one atomic step: no key is ever left without an expiry, whoever crashes.
//
// Redis unreachable, slow or failing: the request passes uncounted (fail open). The throttle
// protects the relay from a runaway client; refusing every payment while Redis is away would turn
// a Redis outage into a payment outage. The first failure is logged as a warning and then at most
// one per WARN_EVERY_MS (with how many requests passed uncounted since); the client reconnects on
// its own, and the first count that works again is logged once.

import { Redis } from 'ioredis';
import type { Clock } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import { windowStartOf, type Throttle, type ThrottleLog } from './throttle.js';
import type { ThrottledOperation } from '../domain/records.js';

/** At most one "Redis unreachable" warning per this long, milliseconds (1 minute). */
export const WARN_EVERY_MS = 60_000;
/**
 * A window's key outlives its window by this long, milliseconds: relays whose clocks differ by up
 * to this still count into the same key, and a key never expires while its window is in use.
 */
const KEY_GRACE_MS = 30_000;
/** A request waits at most this long for Redis before passing uncounted, milliseconds. */
const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 1_000;
/** Reconnect attempts back off to one every this long, milliseconds, and never stop. */
const MAX_RECONNECT_DELAY_MS = 2_000;

const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

interface CountingRedis extends Redis {
  throttleCount(key: string, ttlMs: number): Promise<number>;
}

export interface RedisThrottleOptions {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** Prepended to every key, e.g. "paywidgets:". */
  prefix: string;
  windowMs: number;
  /** Told of every request that passes uncounted (the metrics' Redis fallbacks). */
  onUncounted?: () => void;
}

export class RedisThrottle implements Throttle {
  private readonly redis: CountingRedis;
  private readonly keyTtlMs: number;
  /** Clock time of the last warning, or null while Redis answers. */
  private lastWarningAt: number | null = null;
  /** Requests passed uncounted since the last warning. */
  private uncounted = 0;

  private constructor(
    private readonly clock: Clock,
    private readonly options: RedisThrottleOptions,
  ) {
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      // A command while disconnected fails at once (and the request passes) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    }) as CountingRedis;
    this.redis.defineCommand('throttleCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    // Connection errors are reported by the requests that meet them (rate-limited), not here: without
    // a listener the client would print every reconnect failure to stderr.
    this.redis.on('error', () => {});
    this.keyTtlMs = options.windowMs + KEY_GRACE_MS;
  }

  /**
   * Connects before the relay takes requests. Redis unreachable at start is not fatal: the client
   * keeps reconnecting, and the first request that meets the failure logs the warning.
   */
  static async connect(clock: Clock, options: RedisThrottleOptions): Promise<RedisThrottle> {
    const throttle = new RedisThrottle(clock, options);
    await throttle.redis.connect().catch(() => undefined);
    return throttle;
  }

  take(scope: string, operation: ThrottledOperation, limit: number, log: ThrottleLog): Promise<void> | undefined {
    if (limit === 0) return undefined;
    return this.count(scope, operation, limit, log);
  }

  private async count(scope: string, operation: ThrottledOperation, limit: number, log: ThrottleLog): Promise<void> {
    const key = `${this.options.prefix}throttle:${operation}:${windowStartOf(this.clock.now(), this.options.windowMs)}:${scope}`;
    let count: number;
    try {
      count = await this.redis.throttleCount(key, this.keyTtlMs);
    } catch (err) {
      this.failed(err, log);
      return;
    }
    if (this.lastWarningAt !== null) {
      log.info(`throttle: Redis answers again, requests are counted (${this.uncounted} passed uncounted since the last warning)`);
      this.lastWarningAt = null;
      this.uncounted = 0;
    }
    if (count > limit) throw new ApiError('throttled');
  }

  private failed(err: unknown, log: ThrottleLog): void {
    this.options.onUncounted?.();
    const now = this.clock.now();
    if (this.lastWarningAt !== null && now - this.lastWarningAt < WARN_EVERY_MS && now >= this.lastWarningAt) {
      this.uncounted += 1;
      return;
    }
    log.warn(
      { error: err instanceof Error ? err.message : String(err), uncountedSinceLastWarning: this.uncounted },
      'throttle: Redis unreachable, requests pass uncounted until it answers again',
    );
    this.lastWarningAt = now;
    this.uncounted = 0;
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }
}
