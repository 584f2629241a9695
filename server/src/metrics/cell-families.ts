// The request path's series (answers, latency, store calls, payments): prom-client's own counters
// and histograms, each series taken once for its label values (`cell`) and kept by its caller, so
// an event is one call on it with no lookup of its labels by the caller.

import { Counter, Histogram, type Registry } from 'prom-client';

export interface CounterCell {
  inc(by?: number): void;
}

export interface HistogramCell {
  observe(value: number): void;
}

function labelsOf(names: readonly string[], values: readonly string[]): Record<string, string> {
  if (names.length !== values.length) throw new Error(`expected ${names.length} label values, got ${values.length}`);
  return Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
}

export class CounterFamily {
  readonly #metric: Counter<string>;
  readonly #labelNames: readonly string[];

  constructor(name: string, help: string, labelNames: readonly string[], registry: Registry) {
    this.#labelNames = labelNames;
    this.#metric = new Counter({ name, help, labelNames: [...labelNames], registers: [registry] });
  }

  /** The series of these label values, shown from now on (at 0 until counted). */
  cell(...labelValues: string[]): CounterCell {
    const labels = labelsOf(this.#labelNames, labelValues);
    this.#metric.inc(labels, 0);
    return this.#metric.labels(labels);
  }
}

export class HistogramFamily {
  readonly #metric: Histogram<string>;
  readonly #labelNames: readonly string[];

  constructor(name: string, help: string, labelNames: readonly string[], buckets: readonly number[], registry: Registry) {
    this.#labelNames = labelNames;
    this.#metric = new Histogram({ name, help, labelNames: [...labelNames], buckets: [...buckets], registers: [registry] });
  }

  /** The series of these label values, shown from now on (empty until observed). */
  cell(...labelValues: string[]): HistogramCell {
    const labels = labelsOf(this.#labelNames, labelValues);
    this.#metric.zero(labels);
    return this.#metric.labels(labels);
  }
}
