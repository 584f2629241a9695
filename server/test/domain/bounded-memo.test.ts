import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../src/domain/bounded-memo.js';

describe('boundedMemo', () => {
  it('works a key out once, null answers included', () => {
    const calls: string[] = [];
    const memo = boundedMemo(10, (name) => {
      calls.push(name);
      return name.startsWith('x') ? null : name.length;
    });
    expect([memo('amount'), memo('amount'), memo('x.y'), memo('x.y')]).toEqual([6, 6, null, null]);
    expect(calls).toEqual(['amount', 'x.y']);
  });

  it('holds at most its limit, starting afresh when full, and still answers every key right', () => {
    const calls: string[] = [];
    const memo = boundedMemo(3, (name) => {
      calls.push(name);
      return name.toUpperCase();
    });
    for (const name of ['a', 'b', 'c', 'd', 'a', 'd']) expect(memo(name)).toBe(name.toUpperCase());
    // 'd' found the memo full and emptied it: 'a' is worked out again, 'd' is still known.
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});
