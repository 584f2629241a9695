// Each relay's memory steady: over each relay process's life (a restart starts a new series),
// after a warm-up, the resident set has no growth trend: its least-squares slope stays under
// 10% of its median per 10 minutes. A series shorter than MIN_SPAN_MS is too short to judge: in
// its first minutes a relay's heap still grows into its working size (compiled code, pools,
// caches), which a short series would read as a leak. The first 30-minute run (docs/soak.md) saw
// relays reach that size (240 to 270 MiB at 6 flows/s) only after 5 to 8 minutes, and then stay
// there: a relay killed 8 minutes after its start was still growing into it.

import { verdict, type AuditInput, type Verdict } from './verdict.js';

const WARM_UP_MS = 5 * 60_000;
const MIN_SPAN_MS = 10 * 60_000;
const ALLOWED_GROWTH_PER_10_MIN = 0.1;

export function slopePerMs(points: ReadonlyArray<{ at: number; kib: number }>): number {
  const n = points.length;
  const meanX = points.reduce((s, p) => s + p.at, 0) / n;
  const meanY = points.reduce((s, p) => s + p.kib, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.at - meanX) * (p.kib - meanY);
    den += (p.at - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export async function memorySteady({ rss }: AuditInput): Promise<Verdict> {
  const findings: string[] = [];
  const notes: string[] = [];
  const series = new Map<string, Array<{ at: number; kib: number }>>();
  for (const s of rss) series.set(`${s.relay} pid ${s.pid}`, [...(series.get(`${s.relay} pid ${s.pid}`) ?? []), s]);
  let judged = 0;
  for (const [name, all] of series) {
    const points = all.filter((p) => p.at >= (all[0]?.at ?? 0) + WARM_UP_MS);
    const span = points.length > 1 ? points[points.length - 1]!.at - points[0]!.at : 0;
    const sorted = points.map((p) => p.kib).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    if (span < MIN_SPAN_MS) {
      notes.push(`${name}: ${Math.round(span / 1000)} s after warm-up, too short to judge`);
      continue;
    }
    judged += 1;
    const growth = (slopePerMs(points) * 600_000) / median;
    notes.push(`${name}: median ${Math.round(median / 1024)} MiB, trend ${(growth * 100).toFixed(1)}%/10 min`);
    if (growth > ALLOWED_GROWTH_PER_10_MIN) findings.push(`${name}: resident memory grows ${(growth * 100).toFixed(1)}% per 10 minutes (median ${Math.round(median / 1024)} MiB over ${Math.round(span / 1000)} s)`);
  }
  return verdict('each relay\'s memory steady', judged, findings, notes.join('; '));
}
