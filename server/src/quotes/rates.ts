// Exchange rates as decimal text and integer arithmetic: a rate is read into millionths and an
// amount converted with BigInt, rounding half up, never through floating point.

/** A rate: 1 to 6 integer digits, and up to 6 decimals. */
const RATE = /^([0-9]{1,6})(?:\.([0-9]{1,6}))?$/;
const SCALE = 1_000_000n;

/** The rate in millionths, or undefined when it is not a positive decimal rate. */
export function rateMillionths(rate: string): bigint | undefined {
  const m = RATE.exec(rate);
  if (!m) return undefined;
  const value = BigInt(m[1] ?? '0') * SCALE + BigInt((m[2] ?? '').padEnd(6, '0'));
  return value > 0n ? value : undefined;
}

/** Source minor units times the rate: what the amount is in the target currency. */
export function convert(sourceMinor: number, rate: string): number {
  const r = rateMillionths(rate);
  if (r === undefined) throw new RangeError(`not a rate: ${rate}`);
  return Number((BigInt(sourceMinor) * r + SCALE / 2n) / SCALE);
}

/** Target minor units divided by the rate: what the amount is in the source currency. */
export function convertBack(targetMinor: number, rate: string): number {
  const r = rateMillionths(rate);
  if (r === undefined) throw new RangeError(`not a rate: ${rate}`);
  return Number((BigInt(targetMinor) * SCALE + r / 2n) / r);
}

/**
 * The test-mode rate table (config FX_TEST_RATES): "USD:BRL=5.3500,EUR:BRL=6.2". Refused at
 * start-up when malformed, so a typo never quotes a wrong rate.
 */
export function parseRateTable(text: string): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const entry of text.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const m = /^([A-Z]{3}):([A-Z]{3})=(.+)$/.exec(entry);
    if (!m || rateMillionths(m[3] ?? '') === undefined) throw new Error(`FX_TEST_RATES: ${JSON.stringify(entry)} is not SRC:DST=rate (e.g. USD:BRL=5.35)`);
    table.set(`${m[1]}:${m[2]}`, m[3] ?? '');
  }
  return table;
}
