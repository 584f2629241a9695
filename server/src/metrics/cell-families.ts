// Counters and histograms for the request path, registered in the prom-client registry as metrics
// of their own. prom-client's labelled "children" rebuild their label hash (a string) and validate
// the labels on every inc() and observe(); here a series is a cell made once for its label values,
// and an event is a few additions to it. prom-client still writes the text: each family hands the
// registry its series when scraped, in the shape prom-client's own counters and histograms do.

import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

interface ExportedValue {
  labels: Labels;
  value: number;
  metricName?: string;
}

interface Exported {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  values: ExportedValue[];
  aggregator: 'sum';
}

function labelsOf(names: readonly string[], values: readonly string[]): Labels {
  if (names.length !== values.length) throw new Error(`expected ${names.length} label values, got ${values.length}`);
  const labels: Labels = {};
  names.forEach((name, i) => (labels[name] = values[i] ?? ''));
  return labels;
}

export class CounterCell {
  value = 0;
  constructor(readonly labels: Labels) {}

  inc(by = 1): void {
    this.value += by;
  }
}

export class HistogramCell {
  /** Observations at or below each bound (not cumulative: added up when exported). */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    this.sum += value;
    this.count += 1;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= (bounds[i] as number)) {
        (this.counts[i] as number)++;
        return;
      }
    }
  }
}

abstract class CellFamily<C extends { labels: Labels }> {
  readonly #cells: C[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    // A metric object of prom-client's shape: the registry asks it for its values when scraped.
    registry.registerMetric(this as never);
  }

  /** The series of these label values, made now: keep it, and count on it without a lookup. */
  cell(...labelValues: string[]): C {
    const cell = this.make(labelsOf(this.labelNames, labelValues));
    this.#cells.push(cell);
    return cell;
  }

  protected abstract make(labels: Labels): C;

  protected get cells(): readonly C[] {
    return this.#cells;
  }

  reset(): void {
    for (const cell of this.#cells) this.clear(cell);
  }

  protected abstract clear(cell: C): void;
}

export class CounterFamily extends CellFamily<CounterCell> {
  readonly type = 'counter';
  readonly aggregator = 'sum';

  protected make(labels: Labels): CounterCell {
    return new CounterCell(labels);
  }

  protected clear(cell: CounterCell): void {
    cell.value = 0;
  }

  async get(): Promise<Exported> {
    return { name: this.name, help: this.help, type: 'counter', aggregator: 'sum', values: this.cells.map((c) => ({ labels: c.labels, value: c.value })) };
  }
}

export class HistogramFamily extends CellFamily<HistogramCell> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(name: string, help: string, labelNames: readonly string[], readonly bounds: readonly number[], registry: Registry) {
    super(name, help, labelNames, registry);
  }

  protected make(labels: Labels): HistogramCell {
    return new HistogramCell(labels, this.bounds);
  }

  protected clear(cell: HistogramCell): void {
    cell.counts.fill(0);
    cell.sum = 0;
    cell.count = 0;
  }

  async get(): Promise<Exported> {
    const values: ExportedValue[] = [];
    for (const cell of this.cells) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += cell.counts[i] ?? 0;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...cell.labels, le: String(bound) }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...cell.labels, le: '+Inf' }, value: cell.count });
      values.push({ metricName: `${this.name}_sum`, labels: cell.labels, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels: cell.labels, value: cell.count });
    }
    return { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
  }
}
