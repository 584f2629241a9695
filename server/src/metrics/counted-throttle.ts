// The throttle with its refusals counted (paywidgets_throttle_rejections_total, by operation): the
// throttle the relay uses, in process or in Redis, wrapped once when the context is built. A count
// decided at once stays a plain call; only a count that waits for Redis gets a promise more.

import { ApiError } from '../domain/errors.js';
import type { RelayMetrics } from '../domain/metrics.js';
import type { ThrottledOperation } from '../domain/records.js';
import type { Throttle, ThrottleLog } from '../http/throttle.js';

function refused(error: unknown): boolean {
  return error instanceof ApiError && error.errorName === 'throttled';
}

export function countedThrottle(inner: Throttle, metrics: RelayMetrics): Throttle {
  return {
    take(scope: string, operation: ThrottledOperation, limit: number, log: ThrottleLog): Promise<void> | undefined {
      let pending: Promise<void> | undefined;
      try {
        pending = inner.take(scope, operation, limit, log);
      } catch (error) {
        if (refused(error)) metrics.throttleRejected(operation);
        throw error;
      }
      return pending?.catch((error: unknown) => {
        if (refused(error)) metrics.throttleRejected(operation);
        throw error;
      });
    },
    close: () => inner.close(),
  };
}
