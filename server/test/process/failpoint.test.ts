import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { FAILPOINTS } from '../../src/config/failpoint.js';

describe('RELAY_FAILPOINTS', () => {
  it('is empty unless set, and reads a comma-separated list of known points', () => {
    expect(loadConfig({}).failpoints.size).toBe(0);
    expect([...loadConfig({ RELAY_FAILPOINTS: 'after-claim, after-commit' }).failpoints]).toEqual(['after-claim', 'after-commit']);
    expect([...loadConfig({ RELAY_FAILPOINTS: FAILPOINTS.join(',') }).failpoints]).toEqual([...FAILPOINTS]);
  });

  it('refuses an unknown point rather than silently never crashing', () => {
    expect(() => loadConfig({ RELAY_FAILPOINTS: 'after-clam' })).toThrow(/unknown point "after-clam"/);
  });
});
