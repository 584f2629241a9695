// PostgreSQL's own programs (pg_dump, pg_restore) for the backup tests, found where Debian puts
// them: on PATH (/usr/bin, postgresql-common's wrapper) or in a version's folder under
// /usr/lib/postgresql, newest first. Both come with Debian's postgresql-client package.

import { execFile } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const DEBIAN_VERSIONS = '/usr/lib/postgresql';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function versionFolders(): string[] {
  try {
    return readdirSync(DEBIAN_VERSIONS)
      .filter((name) => /^[0-9]+(\.[0-9]+)?$/.test(name))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
      .map((version) => join(DEBIAN_VERSIONS, version, 'bin'));
  } catch {
    return [];
  }
}

/** The path of `name`, or an error that says what to install. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const folders = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...versionFolders()];
  for (const folder of folders) {
    const file = join(folder, name);
    if (executable(file)) return file;
  }
  throw new Error(`${name} was not found on PATH nor under ${DEBIAN_VERSIONS}/*/bin: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`);
}

/** Runs a PostgreSQL program to its end; a failure carries what it printed. */
export async function runPgTool(name: 'pg_dump' | 'pg_restore', args: readonly string[]): Promise<void> {
  try {
    await run(pgTool(name), [...args]);
  } catch (err) {
    const e = err as { code?: number; stderr?: string; message: string };
    throw new Error(`${name} ${args.join(' ')} failed (exit ${e.code ?? '?'}): ${e.stderr || e.message}`);
  }
}
