// The daily reconciliation file, written by the settlement job to RECONCILIATION_DIR: one file per
// entity and settled day, <dir>/<entityId>/reconciliation-<entityId>-<day>.csv, with its SHA-256 beside
// it in sha256sum's format (<file>.sha256) and in the day's aggregations. Written to a temporary
// name and renamed, so a reader never sees half a file; two relays writing the same day write the
// same bytes, and the last rename wins.

import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RelayContext } from '../flows/context.js';
import { DAY_MS, dayOf, startOfDay } from '../reports/report-range.js';
import { fileName, reconciliationFile } from '../reports/reconciliation-file.js';
import { lastClosedDay } from './run.js';

export interface WrittenFile {
  path: string;
  sha256: string;
}

/** Writes one entity's day; the file and its checksum. */
export async function writeDayFile(ctx: RelayContext, entityId: string, day: string): Promise<WrittenFile | undefined> {
  const entity = await ctx.store.entities.find(entityId);
  if (!entity) return undefined;
  const dir = join(ctx.config.reports.fileDir, entityId);
  await mkdir(dir, { recursive: true, mode: 0o750 });
  const name = fileName(entityId, day, day);
  const path = join(dir, name);
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(reconciliationFile(ctx.store.settlement, entity, day, day), hashing, createWriteStream(temporary, { mode: 0o640 }));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const sha256 = hash.digest('hex');
  await writeFile(`${path}.sha256`, `${sha256}  ${name}\n`, { mode: 0o640 });
  return { path, sha256 };
}

/**
 * Every settled day within the look-back whose aggregations have no file yet gets its file, on
 * whichever relay's run comes next; none without a configured folder.
 */
export async function writeMissingFiles(ctx: RelayContext): Promise<WrittenFile[]> {
  const config = ctx.config.reports;
  if (config.fileDir === '') return [];
  const last = lastClosedDay(ctx.clock.now(), config.settlementCutoffMs);
  const first = dayOf(startOfDay(last) - (config.settlementLookbackDays - 1) * DAY_MS);
  const written: WrittenFile[] = [];
  for (const entityId of await ctx.store.settlement.entityIds()) written.push(...(await writeMissingFilesOf(ctx, entityId, first, last)));
  return written;
}

/** One entity's settled days from `first` to `last` that have no file yet get theirs; none without a folder. */
export async function writeMissingFilesOf(ctx: RelayContext, entityId: string, first: string, last: string): Promise<WrittenFile[]> {
  if (ctx.config.reports.fileDir === '') return [];
  const aggregations = await ctx.store.settlement.listAggregations({ entityId, dayFrom: first, dayTo: last });
  const days = new Map<string, string[]>();
  for (const a of aggregations) if (a.file_sha256 === null) days.set(a.day, [...(days.get(a.day) ?? []), a.id]);
  const written: WrittenFile[] = [];
  for (const [day, ids] of days) {
    const file = await writeDayFile(ctx, entityId, day);
    if (!file) continue;
    await ctx.store.settlement.setFileChecksum(ids, file.sha256);
    written.push(file);
  }
  return written;
}
