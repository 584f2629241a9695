// The soak's memory invariant judges a relay's settled memory, not its warm-up: a relay that grows
// into its working size and stays there holds; one that keeps growing after it does not; one that
// lived too short to settle is noted, not judged.

import { describe, expect, it } from 'vitest';
import { memorySteady } from '../../../soak/audit/memory.js';
import type { AuditInput } from '../../../soak/audit/verdict.js';
import type { RssSample } from '../../../soak/memory.js';

const MINUTE = 60_000;

/** One sample a second for `minutes`, its size in KiB from the minute it was taken. */
function series(relay: string, pid: number, minutes: number, kibAt: (minute: number) => number): RssSample[] {
  return Array.from({ length: minutes * 60 }, (_, s) => ({ relay, pid, at: s * 1000, kib: Math.round(kibAt(s / 60)) }));
}

const audit = (rss: RssSample[]) => memorySteady({ rss } as unknown as AuditInput);

describe('the soak memory audit', () => {
  it('holds for a relay that grows into its working size in its first minutes and stays there', async () => {
    const result = await audit(series('relay-a', 1, 30, (m) => (m < 6 ? 100_000 + m * 25_000 : 250_000 + Math.sin(m) * 5_000)));
    expect(result).toMatchObject({ ok: true, checked: 1 });
  });

  it('finds a relay whose memory keeps growing after its warm-up', async () => {
    const result = await audit(series('relay-b', 2, 30, (m) => 200_000 + m * 4_000));
    expect(result.ok).toBe(false);
    expect(result.findings[0]).toMatch(/relay-b pid 2: resident memory grows/);
  });

  it('notes, without judging, a relay that lived too short to settle (killed after 8 minutes)', async () => {
    const result = await audit(series('relay-c', 3, 8, (m) => 180_000 + m * 7_000));
    expect(result).toMatchObject({ ok: true, checked: 0 });
    expect(result.note).toMatch(/relay-c pid 3: \d+ s after warm-up, too short to judge/);
  });
});
