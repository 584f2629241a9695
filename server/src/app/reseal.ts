// Re-sealing under the active card key, in the background: a job (job-kinds.ts) queued by every
// activation, and periodically as a safety net, rewrites the values sealed with any other key in
// batches. Each batch takes the rows of one kind whose value is not the active key's, by row key
// after the last one done (keyset paging, so a run reads each row once), and rewrites each with a
// compare-and-set on the value it read: a value changed meanwhile (a secret rotated, a card
// deleted, the same row re-sealed by another relay's run) is left as the other writer left it.
// Relays may run it side by side (a lease that ran out, the periodic copy): nothing is lost, the
// second one only finds less to do.
//
// A relay that has not yet read the new choice (active-card-key.ts, within ACTIVE_KEY_REFRESH_MS)
// may still seal with the former key, so the job runs once more after that time has passed.

import { isSealedSecret } from '../crypto/card-vault.js';
import type { NewJob } from '../domain/job.js';
import type { EpochMs } from '../domain/records.js';
import { sealedKeyId } from '../domain/sealed-envelope.js';
import { RetryJobAt } from '../jobs/runner.js';
import { SEALED_KINDS, type SealedKind } from '../storage/repositories/sealed-values.js';
import { ACTIVE_KEY_REFRESH_MS } from './active-card-key.js';
import type { AppContext } from './context.js';
import { EMBEDDED_SEALS } from './embedded-seals.js';

export const RESEAL_JOB = 'card-key-reseal';
/** Rows read and rewritten per batch. */
export const RESEAL_BATCH = 200;
/** Batches per run; a run then queues itself again at once, so that it never outlives its lease by much. */
const BATCHES_PER_RUN = 50;
/** The safety net: a periodic run finds whatever an activation's job left (a value sealed by a relay that was late). */
export const RESEAL_EVERY_MS = 10 * 60_000;

type ResealContext = Pick<AppContext, 'store' | 'vault' | 'clock' | 'activeCardKey'>;

export interface ResealRun {
  /** Values rewritten under the active key. */
  resealed: number;
  /** Values changed by another writer between the read and the rewrite: left as they are. */
  changedMeanwhile: number;
  /** Values no key held here opens (sealed with a key this relay lacks, or altered). */
  unreadable: number;
  /** Everything was looked at; false when the run stopped at its batch budget. */
  complete: boolean;
}

/** The job an activation queues: one per activation (its time is in the unique key). */
export function resealJob(keyId: string, activatedAt: EpochMs): NewJob {
  return { kind: RESEAL_JOB, payload: { keyId }, runAt: activatedAt, uniqueKey: resealJobKey(keyId, activatedAt) };
}

export const resealJobKey = (keyId: string, activatedAt: EpochMs): string => `${RESEAL_JOB}:${keyId}:${activatedAt}`;

/** A value of `kind` sealed anew with the active key; undefined for what is not sealed (kept as it is). */
function resealed(ctx: ResealContext, kind: SealedKind, value: string): { value: string; fingerprint?: string } | undefined {
  if (kind === 'cards') {
    const number = ctx.vault.open(value);
    return { value: ctx.vault.seal(number), fingerprint: ctx.vault.fingerprint(number) };
  }
  // A merchant secret from before secrets were sealed: start-up seals those (merchants/bootstrap.ts).
  if (!isSealedSecret(value)) return undefined;
  return { value: ctx.vault.sealSecret(ctx.vault.openSecret(value)) };
}

/** One run: every kind in turn, up to the batch budget. */
export async function resealOnce(ctx: ResealContext): Promise<ResealRun> {
  const ready = await ctx.activeCardKey.refresh();
  if (ready !== true) throw new Error(ready);
  const active = ctx.vault.activeKeyId;
  const run: ResealRun = { resealed: 0, changedMeanwhile: 0, unreadable: 0, complete: false };
  let batches = 0;
  const count = (wrote: boolean): void => {
    if (wrote) run.resealed++;
    else run.changedMeanwhile++;
  };
  for (const kind of SEALED_KINDS) {
    for (let after = ''; ; ) {
      if (batches++ >= BATCHES_PER_RUN) return run;
      const rows = await ctx.store.sealedValues.notUnder(kind, active, after, RESEAL_BATCH);
      for (const row of rows) {
        let next;
        try {
          next = resealed(ctx, kind, row.value);
        } catch {
          run.unreadable++;
          continue;
        }
        if (next) count(await ctx.store.sealedValues.replace(kind, row.key, row.value, next.value, next.fingerprint));
      }
      if (rows.length < RESEAL_BATCH) break;
      after = rows[rows.length - 1]?.key ?? after;
    }
  }
  // Card numbers inside the JSON of rows that live only for a while (embedded-seals.ts).
  for (const seal of EMBEDDED_SEALS) {
    for (let after = ''; ; ) {
      if (batches++ >= BATCHES_PER_RUN) return run;
      const rows = await seal.list(ctx.store, ctx.clock.now(), after, RESEAL_BATCH);
      for (const row of rows) {
        const sealed = seal.sealedOf(row.value);
        if (sealed === undefined || sealedKeyId(sealed) === active) continue;
        let next;
        try {
          next = seal.withSealed(row.value, ctx.vault.seal(ctx.vault.open(sealed)));
        } catch {
          run.unreadable++;
          continue;
        }
        count(await seal.replace(ctx.store, row.key, row.value, next));
      }
      if (rows.length < RESEAL_BATCH) break;
      after = rows[rows.length - 1]?.key ?? after;
    }
  }
  run.complete = true;
  return run;
}

interface RunLog {
  info(obj: object, msg: string): void;
}

/**
 * The job's handler: runs until everything was looked at (queuing itself again at its budget), then
 * once more after every relay has surely read the activation. Values nobody here can open fail the
 * run, with the reason kept on the job (`keys status` shows it).
 */
export async function resealJobRun(ctx: ResealContext, log: RunLog): Promise<void> {
  // Never rotated: no value can be sealed with another key, and the periodic run reads no table.
  if ((await ctx.store.cardKeys.list()).length <= 1) return;
  const run = await resealOnce(ctx);
  if (run.resealed > 0 || run.changedMeanwhile > 0) log.info({ ...run, activeKey: ctx.vault.activeKeyId }, 'values re-sealed under the active card key');
  const now = ctx.clock.now();
  if (!run.complete) throw new RetryJobAt(now, `re-sealed ${run.resealed}; more to do`);
  if (run.unreadable > 0) throw new Error(`${run.unreadable} sealed values could not be opened with the keys this relay holds (${ctx.vault.keyIds.join(', ')})`);
  const activatedAt = (await ctx.store.cardKeys.list()).find((k) => k.active)?.activatedAt ?? 0;
  const everyRelaySwitched = activatedAt + 2 * ACTIVE_KEY_REFRESH_MS;
  if (now < everyRelaySwitched) throw new RetryJobAt(everyRelaySwitched, 'once more, after every relay has read the activation');
}
