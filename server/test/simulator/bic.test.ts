import { describe, expect, it } from 'vitest';
import { sameBic } from '../../src/simulator/bic.js';

describe('sameBic', () => {
  it('reads an 8-character BIC as its primary office, XXX', () => {
    expect(sameBic('NABAATWW', 'NABAATWWXXX')).toBe(true);
    expect(sameBic('NABAATWWXXX', 'NABAATWW')).toBe(true);
    expect(sameBic('nabaatwwxxx', 'NABAATWWXXX')).toBe(true);
  });

  it('tells other branches and other banks apart', () => {
    expect(sameBic('MARKDEF1', 'MARKDEF1100')).toBe(false);
    expect(sameBic('NABAATWW', 'NABAATWW100')).toBe(false);
    expect(sameBic('COBADEFFXXX', 'NABAATWWXXX')).toBe(false);
  });
});
