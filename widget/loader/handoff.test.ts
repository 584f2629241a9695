import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDOFF, handOver, takeOver, type EarlyFrames, type Handoff } from './handoff.js';

// Stand-ins for the <script> element and the parked iframes: the hand-over is a property on the
// element, and the iframes are only removed (discard) or passed on.
const element = () => ({}) as HTMLScriptElement;
const iframe = () => ({ tagName: 'IFRAME', remove: vi.fn() }) as unknown as HTMLIFrameElement & { remove: ReturnType<typeof vi.fn> };
const early = (): EarlyFrames => ({
  keys: { channel: '00112233445566778899aabbccddeeff', key: 'ffeeddccbbaa99887766554433221100' },
  frames: { cardNumber: iframe(), cvv: iframe() },
  take: vi.fn(() => []),
});
const nothing: Handoff = { request: null, frames: null };

/** document.currentScript while `run` runs, as during that script's top-level code. */
let current: HTMLScriptElement | null = null;
const runningAs = <T>(script: HTMLScriptElement | null, run: () => T): T => {
  const before = current;
  current = script;
  try {
    return run();
  } finally {
    current = before;
  }
};
beforeEach(() => vi.stubGlobal('document', { get currentScript() { return current; } }));
afterEach(() => vi.unstubAllGlobals());

describe('what the loader hands the main script', () => {
  it('is taken over once, by the code running as that script element', () => {
    const script = element();
    const handoff = { request: Promise.resolve(new Response('{}')), frames: early() };
    handOver(script, handoff);
    expect(runningAs(script, () => takeOver(script))).toEqual(handoff);
    expect(runningAs(script, () => takeOver(script))).toEqual(nothing);
  });

  it('gives nothing to other code on the page, which cannot replace it either', () => {
    const script = element();
    const handoff = { request: null, frames: early() };
    handOver(script, handoff);
    const seen = (script as unknown as Record<string, { claim(): unknown; discard(): void }>)[HANDOFF]!;
    // A MutationObserver callback or a timer: document.currentScript is another element or null.
    expect(runningAs(null, () => seen.claim())).toBeNull();
    expect(runningAs(element(), () => seen.claim())).toBeNull();
    expect(() => Object.defineProperty(script, HANDOFF, { value: { claim: () => handoff } })).toThrow(TypeError);
    expect(() => Object.assign(seen, { claim: () => handoff })).toThrow(TypeError);
    // Those attempts did not use it up, nor drop the frames.
    expect(runningAs(script, () => takeOver(script))).toEqual(handoff);
    expect(handoff.frames.frames.cardNumber.remove).not.toHaveBeenCalled();
  });

  it('once dropped by someone else, the main script gets nothing and the early frames are gone', () => {
    const script = element();
    const frames = early();
    handOver(script, { request: null, frames });
    (script as unknown as Record<string, { discard(): void }>)[HANDOFF]!.discard();
    expect(runningAs(script, () => takeOver(script))).toEqual(nothing);
    expect(frames.frames.cardNumber.remove).toHaveBeenCalledTimes(1);
    expect(frames.frames.cvv.remove).toHaveBeenCalledTimes(1);
    expect(frames.take).toHaveBeenCalled();
  });

  it('is nothing when the loader handed nothing (or the page put something else there)', () => {
    expect(takeOver(null)).toEqual(nothing);
    expect(takeOver(element())).toEqual(nothing);
    const script = element();
    Object.assign(script, { [HANDOFF]: { claim: () => ({ request: { then: () => undefined }, frames: { keys: { channel: 'x', key: 'y' }, frames: {}, take: () => [] } }) } });
    expect(runningAs(script, () => takeOver(script))).toEqual(nothing);
  });

  it('a failed request that nobody takes over is not an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    handOver(element(), { request: Promise.reject(new TypeError('Failed to fetch')), frames: null });
    // Node reports unhandled rejections once the microtask queue has drained: one turn later.
    await new Promise((done) => setImmediate(done));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
