// Interleaved 2 of 5 (ITF), the symbology of the bank slip's bar code: digits in pairs, the first
// of a pair drawn by five bars, the second by the five spaces between them, two of each five wide.
// Drawn as SVG rectangles, so the page needs no image and prints sharply at any size.

const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'] as const;

/** Wide elements are three narrow ones (the FEBRABAN slip's ratio). */
const WIDE = 3;

/** Widths in narrow units, alternating bar, space, bar, … from the start pattern to the stop pattern. */
export function itf25Widths(digits: string): number[] {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0) throw new RangeError('ITF encodes an even number of digits');
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[digits.charCodeAt(i) - 48] ?? 'nnnnn';
    const spaces = PATTERNS[digits.charCodeAt(i + 1) - 48] ?? 'nnnnn';
    for (let k = 0; k < 5; k++) widths.push(bars[k] === 'w' ? WIDE : 1, spaces[k] === 'w' ? WIDE : 1);
  }
  widths.push(WIDE, 1, 1);
  return widths;
}

/** Reads digits back from element widths (for tests, and to check what is drawn). */
export function itf25Decode(widths: readonly number[]): string {
  const body = widths.slice(4, -3);
  let digits = '';
  for (let i = 0; i + 10 <= body.length; i += 10) {
    const chunk = body.slice(i, i + 10);
    const bars = chunk.filter((_, k) => k % 2 === 0).map((w) => (w > 1 ? 'w' : 'n')).join('');
    const spaces = chunk.filter((_, k) => k % 2 === 1).map((w) => (w > 1 ? 'w' : 'n')).join('');
    digits += `${PATTERNS.indexOf(bars as (typeof PATTERNS)[number])}${PATTERNS.indexOf(spaces as (typeof PATTERNS)[number])}`;
  }
  return digits;
}

/** An SVG of the bar code, `unit` user units per narrow element, with a quiet zone of ten units. */
export function itf25Svg(digits: string, options: { unit?: number; height?: number; title?: string } = {}): string {
  const unit = options.unit ?? 1;
  const height = options.height ?? 50;
  const quiet = 10 * unit;
  const rects: string[] = [];
  let x = quiet;
  itf25Widths(digits).forEach((w, i) => {
    if (i % 2 === 0) rects.push(`<rect x="${x}" y="0" width="${w * unit}" height="${height}"/>`);
    x += w * unit;
  });
  const width = x + quiet;
  const title = options.title ? `<title>${options.title.replace(/[<&>"]/g, '')}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" shape-rendering="crispEdges" data-digits="${digits}">${title}<rect x="0" y="0" width="${width}" height="${height}" fill="#fff"/><g fill="#000">${rects.join('')}</g></svg>`;
}
