// The store with every call timed, for paywidgets_db_call_duration_seconds: each repository's
// methods (and the store's own: transaction, writeTogether, ping) observe how long their promise
// took, the wait for a connection included, under the repository's name. The wrapping is done once,
// here, as database-status.ts does it; with metrics off the store is not wrapped at all.

import { performance } from 'node:perf_hooks';
import type { Store } from '../storage/store.js';
import type { PrometheusMetrics } from './prometheus.js';

type Observe = { observe(seconds: number): void };

export function timedStore(store: Store, metrics: PrometheusMetrics): Store {
  const timed = timeMethods(store, metrics.storeCalls('store'));
  for (const [name, value] of Object.entries(store)) {
    if (value !== null && typeof value === 'object') (timed as unknown as Record<string, unknown>)[name] = timeMethods(value as object, metrics.storeCalls(name));
  }
  return timed;
}

function methodNames(target: object): Set<string> {
  const names = new Set<string>();
  for (let proto: object | null = Object.getPrototypeOf(target) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
  }
  for (const name of Object.keys(target)) names.add(name);
  return names;
}

function timeMethods<T extends object>(target: T, latency: Observe): T {
  const timed = Object.create(target) as Record<string, unknown>;
  for (const name of methodNames(target)) {
    const method = (target as unknown as Record<string, unknown>)[name];
    if (typeof method !== 'function') continue;
    const done = (started: number) => latency.observe((performance.now() - started) / 1000);
    timed[name] = (...args: unknown[]): unknown => {
      const started = performance.now();
      const result: unknown = method.apply(target, args);
      // Statements built, not run (insertStatement…), return at once: only promises are timed.
      if (!(result instanceof Promise)) return result;
      return result.finally(() => done(started));
    };
  }
  return timed as unknown as T;
}
