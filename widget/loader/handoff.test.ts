import { describe, expect, it } from 'vitest';
import { HANDOFF, handOver, takeOver } from './handoff.js';

// A stand-in for the <script> element: the hand-over is a property on it, nothing else.
const element = () => ({}) as HTMLScriptElement;

describe('what the loader hands the main script', () => {
  it('is taken over from the element it was handed on', () => {
    const script = element();
    const request = Promise.resolve(new Response('{}'));
    handOver(script, { request, frames: null });
    expect(takeOver(script)).toEqual({ request, frames: null });
  });

  it('is nothing when the loader handed nothing (or the page put something else there)', () => {
    expect(takeOver(null)).toEqual({ request: null, frames: null });
    expect(takeOver(element())).toEqual({ request: null, frames: null });
    const script = element();
    Object.assign(script, { [HANDOFF]: { request: { then: () => undefined }, frames: { channel: 'x', frames: {}, take: () => [] } } });
    expect(takeOver(script)).toEqual({ request: null, frames: null });
  });

  it('a failed request that nobody takes over is not an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    handOver(element(), { request: Promise.reject(new TypeError('Failed to fetch')), frames: null });
    await new Promise((done) => setTimeout(done, 10));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
