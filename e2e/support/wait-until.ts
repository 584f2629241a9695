// Waiting for a child process to become ready. A server announces readiness only by answering,
// so this asks again with a growing pause until it does, the deadline passes, or `abort` says why
// waiting is pointless (the child exited). The harness waits for its children with it, and tests for
// what they cannot be told of (a report that lists a payment, a process that printed a line).

import { setTimeout as pause } from 'node:timers/promises';

export interface WaitOptions {
  /** Give up after this long, ms. */
  timeoutMs: number;
  /** What is being waited for, for the error message. */
  what: string;
  /** Returns a reason to stop waiting at once, or undefined to go on. */
  abort?: () => string | undefined;
}

/** First and largest pause between two tries, ms. */
const FIRST_PAUSE_MS = 25;
const LONGEST_PAUSE_MS = 500;

export async function waitUntil<T>(probe: () => Promise<T | undefined>, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let delay = FIRST_PAUSE_MS;
  let lastError = '';
  for (;;) {
    const reason = options.abort?.();
    if (reason) throw new Error(`${options.what}: ${reason}`);
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = (error as Error).message;
    }
    if (Date.now() >= deadline) {
      throw new Error(`${options.what}: not ready after ${options.timeoutMs} ms${lastError ? ` (last error: ${lastError})` : ''}`);
    }
    await pause(delay);
    delay = Math.min(delay * 2, LONGEST_PAUSE_MS);
  }
}

/** Resolves true once `url` answers with any HTTP status (the server is listening). */
export async function answersHttp(url: string): Promise<true | undefined> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return true;
}
