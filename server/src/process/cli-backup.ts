// `npm run relay -- backup --to FILE`: a backup of the SQLite store while relays run on it
// (storage/sqlite-backup.ts). It opens the file itself and never migrates: the relays that use
// the store may run an older version of the code than this checkout. PostgreSQL has its own tool
// for this, pg_dump (docs/backups.md).

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse, str, UsageError } from './cli-args.js';
import { loadConfig } from '../config/config.js';
import { SQLITE_FILE } from '../storage/index.js';
import { BackupTargetExistsError, backupSqliteFile, type SqliteBackup } from '../storage/sqlite-backup.js';

export const BACKUP_USAGE = `  backup --to FILE
      a consistent copy of the SQLite store (DATA_DIR/relay.sqlite) through SQLite's online backup
      API, taken while relays keep running on it; FILE must not exist yet (a relative FILE is
      under the checkout, where npm runs scripts; the output gives the full path). The card key is
      not in it: back up DATA_DIR/card-key (or CARD_KEY) apart. On PostgreSQL (DATABASE_URL) use
      pg_dump -Fc instead (docs/backups.md)`;

export async function backup(args: string[]): Promise<SqliteBackup> {
  const { values } = parse(args, { to: { type: 'string' } });
  const target = resolve(str(values.to, 'to', true));
  const config = loadConfig();
  if (config.databaseUrl !== '') throw new UsageError('the store is PostgreSQL (DATABASE_URL is set): back it up with pg_dump -Fc, see docs/backups.md');
  const source = join(config.dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new UsageError(`no store at ${source} (is DATA_DIR right?)`);
  if (existsSync(target)) throw new UsageError(`${target} exists already; a backup never replaces a file`);
  if (!existsSync(dirname(target))) throw new UsageError(`--to: the folder ${dirname(target)} does not exist`);
  try {
    return await backupSqliteFile(source, target);
  } catch (err) {
    // Created by someone else between the check above and the link.
    if (err instanceof BackupTargetExistsError) throw new UsageError(err.message);
    throw err;
  }
}
