// The settlement job's work: settle the closed days (run.ts), then write the reconciliation file of
// every settled day that has none yet (file.ts), so a relay that died between the two still gets
// the file written by the next run, on whichever relay.

import type { RelayContext } from '../flows/context.js';
import { writeMissingFiles } from './file.js';
import { runSettlement, type SettlementLog } from './run.js';

export async function dailySettlement(ctx: RelayContext, log: SettlementLog): Promise<void> {
  const result = await runSettlement(ctx);
  for (const s of result.settled) log.info({ entityId: s.entityId, day: s.day, aggregations: s.aggregationIds.length }, 'day settled');
  for (const file of await writeMissingFiles(ctx)) log.info({ path: file.path, sha256: file.sha256 }, 'reconciliation file written');
}
