// Reading a CLI command's arguments: parseArgs in strict mode, and the checks every command shares.
// Anything wrong is a UsageError, which the CLI prints with its usage and exit code 2.

import { parseArgs, type ParseArgsConfig } from 'node:util';

const ID = /^[0-9a-f]{32}$/;

export class UsageError extends Error {}

/** Option values as parseArgs leaves them; each command checks its own with the helpers below. */
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export function parse(args: string[], options: ParseArgsConfig['options'], positionals = 0): { values: Values; positionals: string[] } {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`expected ${positionals} positional argument(s), got ${parsed.positionals.length}`);
  }
  return parsed;
}

export function str(value: unknown, flag: string, required: true): string;
export function str(value: unknown, flag: string, required: false): string | undefined;
export function str(value: unknown, flag: string, required: boolean): string | undefined {
  if (value === undefined) {
    if (required) throw new UsageError(`--${flag} is required`);
    return undefined;
  }
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${flag} needs a value`);
  return value;
}

export function id(value: string | undefined, what: string): string {
  if (value === undefined || !ID.test(value)) throw new UsageError(`${what} must be 32 characters of 0-9 and a-f`);
  return value;
}
