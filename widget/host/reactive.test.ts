import { describe, expect, it } from 'vitest';
import { batch, computed, effect, signal } from './reactive.js';

describe('reactive core', () => {
  it('runs an effect at once and again on each change of what it read', () => {
    const a = signal(1);
    const seen: number[] = [];
    effect(() => void seen.push(a.value));
    a.value = 2;
    a.value = 2; // same value: no run
    a.value = 3;
    expect(seen).toEqual([1, 2, 3]);
  });

  it('tracks dependencies per run, and peek does not track', () => {
    const on = signal(true);
    const a = signal('a');
    const b = signal('b');
    const seen: string[] = [];
    effect(() => void seen.push(on.value ? a.value : b.value + b.peek()));
    b.value = 'B'; // not read on the first run
    on.value = false;
    a.value = 'A'; // no longer read
    b.value = 'x';
    expect(seen).toEqual(['a', 'BB', 'xx']);
  });

  it('runs an effect once per batch, after the outermost one ends', () => {
    const a = signal(0);
    const b = signal(0);
    const seen: string[] = [];
    effect(() => void seen.push(`${a.value}-${b.value}`));
    batch(() => {
      a.value = 1;
      batch(() => (b.value = 1));
      expect(seen).toEqual(['0-0']);
    });
    expect(seen).toEqual(['0-0', '1-1']);
  });

  it('computed follows its signals, inside effects too', () => {
    const paying = signal(false);
    const locked = signal(false);
    const busy = computed(() => paying.value || locked.value);
    const seen: boolean[] = [];
    effect(() => void seen.push(busy.value));
    paying.value = true;
    locked.value = true;
    paying.value = false;
    expect(busy.peek()).toBe(true);
    expect(seen).toEqual([false, true, true]);
  });

  it('an effect that changes a signal re-runs the effects reading it', () => {
    const a = signal(1);
    const double = signal(0);
    const seen: number[] = [];
    effect(() => void (double.value = a.value * 2));
    effect(() => void seen.push(double.value));
    a.value = 5;
    expect(seen).toEqual([2, 10]);
  });

  it('dispose stops an effect and runs its cleanup, also from inside a batch', () => {
    const a = signal(0);
    const seen: number[] = [];
    let cleaned = 0;
    const dispose = effect(() => {
      seen.push(a.value);
      return () => cleaned++;
    });
    a.value = 1;
    batch(() => {
      a.value = 2;
      dispose();
    });
    a.value = 3;
    expect(seen).toEqual([0, 1]);
    expect(cleaned).toBe(2);
  });
});
