// The request path's counters and histograms (cell-families.ts) write the same Prometheus text as
// prom-client's own for the same events: same HELP and TYPE lines, same series, same buckets, same
// values (labels may come in another order, which Prometheus does not read).

import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CounterFamily, HistogramFamily } from '../../src/metrics/cell-families.js';
import { parseMetrics } from './scrape.js';

/** The text as Prometheus reads it: its comment lines, and each sample with its labels in one order. */
function meaning(text: string): { comments: string[]; samples: string[] } {
  const samples = parseMetrics(text).map((s) => `${s.name}${JSON.stringify(Object.entries(s.labels).sort())} ${s.value}`);
  return { comments: text.split('\n').filter((l) => l.startsWith('#')), samples: samples.sort() };
}

const BUCKETS = [0.005, 0.01, 0.1, 1];
const OBSERVED: [string, number][] = [
  ['a', 0.001],
  ['a', 0.005],
  ['a', 0.05],
  ['b', 2],
  ['a', 1],
];

describe('cell families', () => {
  it('export a counter and a histogram exactly as prom-client does, default labels included', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    for (const registry of [theirs, ours]) registry.setDefaultLabels({ relay: 'r1' });
    const theirCounter = new Counter({ name: 'x_total', help: 'h', labelNames: ['route', 'status'], registers: [theirs] });
    const theirHistogram = new Histogram({ name: 'x_seconds', help: 'h', labelNames: ['route'], buckets: BUCKETS, registers: [theirs] });
    const ourCounter = new CounterFamily('x_total', 'h', ['route', 'status'], ours);
    const ourHistogram = new HistogramFamily('x_seconds', 'h', ['route'], BUCKETS, ours);
    const cells = { a: ourHistogram.cell('a'), b: ourHistogram.cell('b') };
    const counted = ourCounter.cell('/v1/payments', '200');
    for (const [route, value] of OBSERVED) {
      theirHistogram.labels(route).observe(value);
      cells[route as 'a' | 'b'].observe(value);
      theirCounter.labels('/v1/payments', '200').inc();
      counted.inc();
    }
    const [mine, reference] = [meaning(await ours.metrics()), meaning(await theirs.metrics())];
    expect(mine).toEqual(reference);
    expect(mine.samples).toHaveLength(1 + 2 * (BUCKETS.length + 3));
    ours.resetMetrics();
    theirs.resetMetrics();
    // Reset, prom-client forgets its series; ours keep theirs at 0, as a counter after a restart.
    expect(await ours.metrics()).toContain('x_total{route="/v1/payments",status="200",relay="r1"} 0');
  });
});
