import { describe, expect, it } from 'vitest';
import { boundedMemo, LastKeyMemo } from '../../src/domain/bounded-memo.js';

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

describe('LastKeyMemo', () => {
  it('works out the key asked last once, again for another key, and again after a reset', () => {
    const calls: number[] = [];
    const memo = new LastKeyMemo((second) => {
      calls.push(second);
      return `s${second}`;
    });
    expect([memo.get(1), memo.get(1), memo.get(2), memo.get(1)]).toEqual(['s1', 's1', 's2', 's1']);
    memo.reset();
    expect(memo.get(1)).toBe('s1');
    expect(calls).toEqual([1, 2, 1, 1]);
  });
});
