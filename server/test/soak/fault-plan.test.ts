// The soak's fault plan: every kind of fault once within the run, in an order and at moments a
// seed decides (the same seed, the same plan), plus extras on a long run.

import { describe, expect, it } from 'vitest';
import { FAULT_KINDS, faultPlan } from '../../../soak/faults.js';
import { seededRandom } from '../../../soak/random.js';

describe('the soak fault plan', () => {
  it('plays each kind of fault once in a two-minute run, inside the run, in time order', () => {
    const plan = faultPlan(seededRandom(7), 120_000);
    expect(plan.map((p) => p.kind).sort()).toEqual([...FAULT_KINDS].sort());
    expect(plan.every((p) => p.at >= 12_000 && p.at < 120_000 * 0.8)).toBe(true);
    expect(plan.map((p) => p.at)).toEqual([...plan.map((p) => p.at)].sort((a, b) => a - b));
  });

  it('is the same plan for the same seed and another for another seed', () => {
    expect(faultPlan(seededRandom(7), 120_000)).toEqual(faultPlan(seededRandom(7), 120_000));
    expect(faultPlan(seededRandom(8), 120_000)).not.toEqual(faultPlan(seededRandom(7), 120_000));
  });

  it('adds one random fault per three minutes past the first three', () => {
    expect(faultPlan(seededRandom(1), 10 * 60_000)).toHaveLength(FAULT_KINDS.length + 2);
  });
});
