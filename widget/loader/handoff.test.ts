import { describe, expect, it } from 'vitest';
import { CHECKOUT_REQUEST, handOver, takeOver } from './handoff.js';

// A stand-in for the <script> element: the hand-over is a property on it, nothing else.
const element = () => ({}) as HTMLScriptElement;

describe('the configuration request handed from the loader to the main script', () => {
  it('is taken over from the element it was handed on', () => {
    const script = element();
    const request = Promise.resolve(new Response('{}'));
    handOver(script, request);
    expect(takeOver(script)).toBe(request);
  });

  it('is absent when the loader started none (or the page put something else there)', () => {
    expect(takeOver(null)).toBeNull();
    expect(takeOver(element())).toBeNull();
    const script = element();
    Object.assign(script, { [CHECKOUT_REQUEST]: { then: () => undefined } });
    expect(takeOver(script)).toBeNull();
  });

  it('a failed request that nobody takes over is not an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    handOver(element(), Promise.reject(new TypeError('Failed to fetch')));
    await new Promise((done) => setTimeout(done, 10));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
