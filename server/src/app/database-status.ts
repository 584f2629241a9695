// Whether the relay's database answers, as seen from the store calls themselves: the first call
// that fails for an outage logs it once, a call started after that which succeeds logs the
// recovery. Requests in between answer 503 without a log line each.

import { ApiError } from '../domain/errors.js';
import type { Store } from '../storage/store.js';
import { isDatabaseOutage, outageReason } from '../storage/outage.js';

interface Log {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** The API's 503 for a database outage; the driver's error is kept as the cause (for /ready and logs). */
export class DatabaseUnavailableError extends ApiError {
  constructor(cause: unknown) {
    super('databaseUnavailable');
    this.cause = cause;
  }
}

export class DatabaseStatus {
  #down = false;
  /** Counts outages: a call that began during an earlier outage or before this one proves nothing. */
  #outage = 0;
  #log: Log | undefined;

  get reachable(): boolean {
    return !this.#down;
  }

  logTo(log: Log): void {
    this.#log = log;
  }

  failed(error: unknown): void {
    if (this.#down) return;
    this.#down = true;
    this.#outage += 1;
    this.#log?.error({ reason: outageReason(error) }, 'database unreachable: answering 503 until it is back');
  }

  /** The outage number a call starts under; recovery needs a success that started during the outage. */
  get outage(): number {
    return this.#down ? this.#outage : -1;
  }

  succeeded(startedDuring: number): void {
    if (!this.#down || startedDuring !== this.#outage) return;
    this.#down = false;
    this.#log?.info({}, 'database reachable again');
  }
}

/**
 * The store with every call watched: an outage error becomes DatabaseUnavailableError (503) and
 * is reported to `status`; other errors pass unchanged. Each method is wrapped once, here.
 */
export function watchStore(store: Store, status: DatabaseStatus): Store {
  const watched = watchMethods(store, status);
  // Each repository is reached through the store and watched the same way.
  for (const [name, value] of Object.entries(store)) {
    if (value !== null && typeof value === 'object') (watched as unknown as Record<string, unknown>)[name] = watchMethods(value as object, status);
  }
  return watched;
}

function watchMethods<T extends object>(store: T, status: DatabaseStatus): T {
  const watched = Object.create(store) as Record<string, unknown>;
  const methods = new Set<string>();
  for (let proto: object | null = Object.getPrototypeOf(store) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') methods.add(name);
  }
  for (const name of Object.keys(store)) methods.add(name);
  const fail = (error: unknown): never => {
    if (error instanceof DatabaseUnavailableError || !isDatabaseOutage(error)) throw error;
    status.failed(error);
    throw new DatabaseUnavailableError(error);
  };
  for (const name of methods) {
    const method = (store as unknown as Record<string, unknown>)[name];
    if (typeof method !== 'function') continue;
    watched[name] = (...args: unknown[]): unknown => {
      const outage = status.outage;
      let result: unknown;
      try {
        result = method.apply(store, args);
      } catch (error) {
        return fail(error);
      }
      if (!(result instanceof Promise)) return result;
      return result.then((value: unknown) => {
        if (outage !== -1) status.succeeded(outage);
        return value;
      }, fail);
    };
  }
  return watched as unknown as T;
}
