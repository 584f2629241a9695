// The figures of a run, from the client's samples and the database's delivery rows: requests per
// second by kind, latency in calm periods and during each fault, time to heal per fault, deliveries
// per second and their lag. Written as JSON and as markdown with the audit's verdict.

import type { AuditReport } from './audit/index.js';
import type { FaultRecord } from './faults.js';
import type { RssSample } from './memory.js';
import type { Arrival } from './receivers.js';
import type { DeliveryRow } from './run.js';
import type { Sample } from './traffic/client.js';

export interface LatencyFigure {
  requests: number;
  p50: number | null;
  p99: number | null;
  /** Share of requests that failed (network error or 5xx). */
  failed: number;
}

export interface FaultFigure {
  kind: string;
  target: string | undefined;
  at: string;
  /** How long the fault itself lasted (until the harness had undone it), ms. */
  lastedMs: number;
  /** From the fault's start to the first success after its last failure, ms; 0 when nothing failed. */
  healMs: number | null;
  latency: LatencyFigure;
}

export interface Figures {
  seconds: number;
  requests: number;
  requestsPerSecond: Record<string, number>;
  calm: LatencyFigure;
  faults: FaultFigure[];
  deliveries: { delivered: number; perSecond: number; lagP50Ms: number | null; lagP99Ms: number | null; notDelivered: Record<string, number> };
  memoryMiB: Record<string, { first: number; last: number; max: number }>;
}

/** How long after a fault ends its consequences are still counted as its own, ms. */
const AFTERMATH_MS = 30_000;
/** A failure later than this after a fault was undone is not its own (the next fault's, or noise): heal times ignore it, ms. */
const HEAL_WINDOW_MS = 5_000;

export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

const failed = (s: Sample): boolean => s.status === 0 || s.status >= 500;

function latency(samples: readonly Sample[]): LatencyFigure {
  const ms = samples.filter((s) => !failed(s)).map((s) => s.ms);
  return { requests: samples.length, p50: percentile(ms, 50), p99: percentile(ms, 99), failed: samples.length === 0 ? 0 : Number((samples.filter(failed).length / samples.length).toFixed(4)) };
}

/**
 * A relay fault's failures are its relay's (refused connections, 5xx); another fault's are 5xx
 * answers of any relay (a refused connection then is another fault's relay being down).
 */
function heal(fault: FaultRecord, samples: readonly Sample[]): number | null {
  const ofRelay = fault.kind.startsWith('relay-');
  const relevant = samples.filter((s) => s.at + s.ms >= fault.start && s.at <= fault.end + HEAL_WINDOW_MS && (ofRelay ? s.relay === fault.target && failed(s) : s.status >= 500));
  const lastFailure = relevant.reduce((latest, s) => Math.max(latest, s.at + s.ms), 0);
  if (lastFailure === 0) return 0;
  const firstSuccess = samples.find((s) => s.at >= lastFailure && s.status >= 200 && s.status < 300 && (!fault.kind.startsWith('relay-') || s.relay === fault.target));
  return firstSuccess ? firstSuccess.at + firstSuccess.ms - fault.start : null;
}

/** A hung receiver heals at its first acknowledged delivery once it answers again. */
function receiverHeal(fault: FaultRecord, arrivals: Readonly<Record<string, readonly Arrival[]>>): number | null {
  const first = (arrivals[fault.target ?? ''] ?? []).find((a) => a.at >= fault.end && a.status >= 200 && a.status < 300);
  return first ? first.at - fault.start : null;
}

export function computeFigures(input: {
  samples: readonly Sample[];
  faults: readonly FaultRecord[];
  runStart: number;
  loadEnd: number;
  db: readonly DeliveryRow[];
  rss: readonly RssSample[];
  arrivals: Readonly<Record<string, readonly Arrival[]>>;
}): Figures {
  const { samples, faults, runStart, loadEnd } = input;
  const seconds = (loadEnd - runStart) / 1000;
  const perKind: Record<string, number> = {};
  for (const s of samples) perKind[s.kind] = (perKind[s.kind] ?? 0) + 1;
  const requestsPerSecond = Object.fromEntries(Object.entries(perKind).sort().map(([kind, n]) => [kind, Number((n / seconds).toFixed(2))]));
  requestsPerSecond.all = Number((samples.length / seconds).toFixed(2));
  const windows = faults.map((f) => [f.start, f.end + AFTERMATH_MS] as const);
  const inWindow = (s: Sample, [from, to]: readonly [number, number]): boolean => s.at + s.ms >= from && s.at <= to;
  const calm = samples.filter((s) => !windows.some((w) => inWindow(s, w)));
  const delivered = input.db.filter((d) => d.delivered !== null);
  const lags = delivered.map((d) => (d.delivered as number) - d.created);
  const span = delivered.length > 0 ? (Math.max(...delivered.map((d) => d.delivered as number)) - runStart) / 1000 : 1;
  const notDelivered: Record<string, number> = {};
  for (const d of input.db) if (d.delivered === null) notDelivered[d.state] = (notDelivered[d.state] ?? 0) + 1;
  const memoryMiB: Figures['memoryMiB'] = {};
  for (const r of input.rss) {
    const name = `${r.relay} pid ${r.pid}`;
    const mib = Math.round(r.kib / 1024);
    const m = memoryMiB[name] ?? { first: mib, last: mib, max: mib };
    memoryMiB[name] = { first: m.first, last: mib, max: Math.max(m.max, mib) };
  }
  return {
    seconds: Math.round(seconds),
    requests: samples.length,
    requestsPerSecond,
    calm: latency(calm),
    faults: faults.map((f) => ({
      kind: f.kind,
      target: f.target,
      at: new Date(f.start).toISOString(),
      lastedMs: f.end - f.start,
      healMs: f.kind === 'receiver-hang' ? receiverHeal(f, input.arrivals) : heal(f, samples),
      latency: latency(samples.filter((s) => inWindow(s, [f.start, f.end + AFTERMATH_MS]))),
    })),
    deliveries: { delivered: delivered.length, perSecond: Number((delivered.length / span).toFixed(2)), lagP50Ms: percentile(lags, 50), lagP99Ms: percentile(lags, 99), notDelivered },
    memoryMiB,
  };
}

const cell = (v: number | null | undefined): string => (v === null || v === undefined ? 'n/a' : String(v));

export function figuresMarkdown(figures: Figures, audit: AuditReport, heading: string): string {
  const lines = [`# ${heading}`, '', `${figures.requests} requests in ${figures.seconds} s.`, '', '## Requests per second by kind', '', '| kind | per second |', '|---|---|'];
  for (const [kind, rate] of Object.entries(figures.requestsPerSecond)) lines.push(`| ${kind} | ${rate} |`);
  lines.push('', '## Latency (ms, answered requests) and time to heal', '', '| period | requests | p50 | p99 | failed | lasted ms | heal ms |', '|---|---|---|---|---|---|---|');
  lines.push(`| calm | ${figures.calm.requests} | ${cell(figures.calm.p50)} | ${cell(figures.calm.p99)} | ${figures.calm.failed} | | |`);
  for (const f of figures.faults) lines.push(`| ${f.kind}${f.target ? ` (${f.target})` : ''} at ${f.at.slice(11, 19)} | ${f.latency.requests} | ${cell(f.latency.p50)} | ${cell(f.latency.p99)} | ${f.latency.failed} | ${f.lastedMs} | ${cell(f.healMs)} |`);
  const d = figures.deliveries;
  lines.push('', '## Webhook deliveries', '', `${d.delivered} delivered, ${d.perSecond}/s; lag p50 ${cell(d.lagP50Ms)} ms, p99 ${cell(d.lagP99Ms)} ms; not delivered: ${JSON.stringify(d.notDelivered)}`);
  lines.push('', '## Relay memory (MiB)', '', '| process | first | last | max |', '|---|---|---|---|');
  for (const [name, m] of Object.entries(figures.memoryMiB)) lines.push(`| ${name} | ${m.first} | ${m.last} | ${m.max} |`);
  lines.push('', `## Audit: ${audit.ok ? 'PASSED' : 'FAILED'}`, '', '| invariant | checked | verdict |', '|---|---|---|');
  // A verdict over nothing (memory in a short run) says so rather than pass quietly.
  for (const v of audit.verdicts) lines.push(`| ${v.invariant} | ${v.checked} | ${v.ok ? (v.checked === 0 ? 'ok, nothing to judge' : 'ok') : `${v.findings.length} finding(s)`} |`);
  for (const v of audit.verdicts) {
    if (v.note) lines.push('', `- ${v.invariant}: ${v.note}`);
    for (const f of v.findings) lines.push(`  - ${f}`);
  }
  return `${lines.join('\n')}\n`;
}
