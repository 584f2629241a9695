// The soak's options: npm run soak -- --minutes 5 --relays 3 --rate 10 --seed 42 --out .tmp/soak.
// Bounded on purpose: a duration and a rate, both capped, and everything on loopback.

import { parseArgs } from 'node:util';

export interface SoakOptions {
  minutes: number;
  relays: number;
  /** Flows started per second (each flow is one to five requests). */
  rate: number;
  seed: number;
  out: string;
}

const LIMITS = { minutes: [0.5, 120], relays: [1, 8], rate: [1, 200] } as const;

function bounded(name: keyof typeof LIMITS, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  const [min, max] = LIMITS[name];
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return name === 'relays' ? Math.round(value) : value;
}

export function soakOptions(argv: string[]): SoakOptions {
  const { values } = parseArgs({
    args: argv,
    options: { minutes: { type: 'string' }, relays: { type: 'string' }, rate: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number.parseInt(values.seed, 10);
  if (!Number.isSafeInteger(seed)) throw new Error('--seed must be an integer');
  return {
    minutes: bounded('minutes', values.minutes, 4),
    relays: bounded('relays', values.relays, 3),
    rate: bounded('rate', values.rate, 8),
    seed,
    out: values.out ?? `.tmp/soak-${new Date().toISOString().replace(/[:.]/g, '-')}`,
  };
}
