// The faults: one of each kind spread over the run, at seeded random moments, plus seeded random
// extras on a longer run. They run one at a time; each is logged with when it began and when the
// harness had undone it (the relay back, the database or Redis up again, the receiver answering).

import { setTimeout as pause } from 'node:timers/promises';
import type { Random } from './random.js';
import type { Receiver } from './receivers.js';
import type { Relay } from './relays.js';
import type { Services } from './services.js';

export const FAULT_KINDS = ['relay-sigkill', 'relay-sigterm', 'postgres-restart', 'postgres-terminate', 'redis-stop', 'receiver-hang'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRecord {
  kind: FaultKind;
  /** The relay or receiver it hit, when it hit one. */
  target: string | undefined;
  start: number;
  end: number;
  note: string;
}

/** How long Redis stays stopped and a receiver hangs, ms. */
const REDIS_AWAY_MS = 6_000;
const HANG_MS = 8_000;
/** A crashed relay stays down this long before its supervisor starts it again, ms. */
const RELAY_AWAY_MS = 2_000;

export interface FaultTargets {
  services: Services;
  relays: Relay[];
  receivers: Receiver[];
  log: (line: string) => void;
}

/** When each fault starts, ms after the run's start: each kind once in the middle 70% of the run, then extras. */
export function faultPlan(random: Random, durationMs: number): Array<{ at: number; kind: FaultKind }> {
  const first = durationMs * 0.1;
  const span = durationMs * 0.65;
  const kinds = [...FAULT_KINDS];
  // Shuffled: which fault comes first is part of what a seed varies.
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [kinds[i], kinds[j]] = [kinds[j] as FaultKind, kinds[i] as FaultKind];
  }
  const slot = span / kinds.length;
  const plan = kinds.map((kind, i) => ({ at: Math.round(first + i * slot + random.next() * slot * 0.3), kind }));
  // One random extra per three minutes beyond the first three.
  const extras = Math.floor(Math.max(0, durationMs - 180_000) / 180_000);
  for (let i = 0; i < extras; i++) plan.push({ at: Math.round(first + random.next() * span), kind: random.pick(FAULT_KINDS) });
  return plan.sort((a, b) => a.at - b.at);
}

export async function inflict(kind: FaultKind, targets: FaultTargets, random: Random): Promise<FaultRecord> {
  const start = Date.now();
  const done = (target: string | undefined, note: string): FaultRecord => {
    const record = { kind, target, start, end: Date.now(), note };
    targets.log(`fault ${kind}${target ? ` on ${target}` : ''}: ${new Date(start).toISOString()} .. ${new Date(record.end).toISOString()} ${note}`);
    return record;
  };
  switch (kind) {
    case 'relay-sigkill':
    case 'relay-sigterm': {
      const relay = random.pick(targets.relays);
      if (kind === 'relay-sigkill') await relay.kill();
      else await relay.terminate();
      await pause(RELAY_AWAY_MS);
      await relay.start();
      return done(relay.id, 'restarted');
    }
    case 'postgres-restart':
      await targets.services.restartPostgres();
      return done(undefined, 'pg_ctl restart -m fast');
    case 'postgres-terminate': {
      const count = await targets.services.terminateConnections();
      return done(undefined, `${count} connections terminated`);
    }
    case 'redis-stop':
      await targets.services.stopRedis();
      await pause(REDIS_AWAY_MS);
      await targets.services.startRedis();
      return done(undefined, `stopped ${REDIS_AWAY_MS} ms`);
    case 'receiver-hang': {
      const receiver = targets.receivers.find((r) => r.name === 'healthy-2') ?? random.pick(targets.receivers);
      receiver.hangUntil = Date.now() + HANG_MS;
      await pause(HANG_MS);
      return done(receiver.name, `hung ${HANG_MS} ms`);
    }
  }
}

/** Runs the plan from `runStart`; resolves with every fault's record once the last is undone. */
export async function runFaults(plan: Array<{ at: number; kind: FaultKind }>, targets: FaultTargets, random: Random, runStart: number): Promise<FaultRecord[]> {
  const records: FaultRecord[] = [];
  for (const step of plan) {
    const wait = runStart + step.at - Date.now();
    if (wait > 0) await pause(wait);
    try {
      records.push(await inflict(step.kind, targets, random));
    } catch (error) {
      targets.log(`fault ${step.kind} could not be played or undone: ${(error as Error).message}`);
      records.push({ kind: step.kind, target: undefined, start: Date.now(), end: Date.now(), note: `failed: ${(error as Error).message}` });
    }
  }
  return records;
}
