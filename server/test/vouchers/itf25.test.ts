// The ITF-25 drawing of a slip's bar code reads back to its digits.

import { describe, expect, it } from 'vitest';
import { itf25Decode, itf25Svg, itf25Widths } from '../../src/vouchers/itf25.js';

describe('ITF-25', () => {
  it('draws start, pairs of digits as bars and spaces, and stop', () => {
    const widths = itf25Widths('12');
    expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
    // 1 = wnnnw in the bars, 2 = nwnnw in the spaces, interleaved.
    expect(widths.slice(4, 14)).toEqual([3, 1, 1, 3, 1, 1, 1, 1, 3, 3]);
    expect(widths.slice(-3)).toEqual([3, 1, 1]);
    expect(() => itf25Widths('123')).toThrow(RangeError);
  });

  it('reads back every digit of a 44-digit bar code from the SVG it draws', () => {
    const code = '00199988100000001000000002221967000000000717';
    const svg = itf25Svg(code, { unit: 2 });
    const bars = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)" height="50"\/>/g)].map((m) => ({ x: Number(m[1]), w: Number(m[2]) / 2 }));
    // Bars only are drawn: the spaces are the gaps between them.
    const widths: number[] = [];
    bars.forEach((b, i) => {
      widths.push(b.w);
      const next = bars[i + 1];
      if (next) widths.push((next.x - b.x) / 2 - b.w);
    });
    expect(itf25Decode(widths)).toBe(code);
    expect(itf25Decode(itf25Widths('0123456789'))).toBe('0123456789');
  });
});
