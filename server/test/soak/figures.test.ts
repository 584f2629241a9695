// The soak's arithmetic: percentiles of latencies, the memory trend's slope, heal times.

import { describe, expect, it } from 'vitest';
import { computeFigures, percentile } from '../../../soak/figures.js';
import { slopePerMs } from '../../../soak/audit/memory.js';
import type { Sample } from '../../../soak/traffic/client.js';

const sample = (at: number, status: number, relay = 'a'): Sample => ({ kind: 'debit', relay, at, ms: 10, status, code: undefined });

describe('the soak figures', () => {
  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([], 50)).toBeNull();
  });

  it('finds no trend in a flat series and the growth of a growing one', () => {
    expect(slopePerMs([{ at: 0, kib: 100 }, { at: 1_000, kib: 100 }, { at: 2_000, kib: 100 }])).toBe(0);
    expect(slopePerMs([{ at: 0, kib: 100 }, { at: 1_000, kib: 110 }, { at: 2_000, kib: 120 }])).toBeCloseTo(0.01);
  });

  it('heals a relay fault at its relay\'s first success after its last failure', () => {
    const samples = [sample(1_000, 200), sample(2_000, 0), sample(3_000, 0), sample(3_500, 503, 'b'), sample(4_000, 200, 'b'), sample(5_000, 200)];
    const figures = computeFigures({ samples, faults: [{ kind: 'relay-sigkill', target: 'a', start: 1_500, end: 4_500, note: '' }], runStart: 0, loadEnd: 10_000, db: [], rss: [], arrivals: {} });
    expect(figures.faults[0]?.healMs).toBe(5_010 - 1_500);
  });

  it('heals a database fault at the first success after the last 5xx, whatever relay answers', () => {
    const samples = [sample(1_000, 503), sample(1_200, 503, 'b'), sample(1_300, 200, 'b'), sample(1_400, 0, 'c')];
    const figures = computeFigures({ samples, faults: [{ kind: 'postgres-restart', target: undefined, start: 900, end: 1_100, note: '' }], runStart: 0, loadEnd: 10_000, db: [], rss: [], arrivals: {} });
    expect(figures.faults[0]?.healMs).toBe(1_310 - 900);
  });
});
