// docs/configuration.md against the code: the table lists exactly the environment variables the
// config loader reads, and each default it prints is the loader's own. A default is checked by
// giving it to loadConfig as the variable's value: the settings must come out as from an empty
// environment, so the check holds whatever unit the code keeps the value in (hours, ms …).

import { readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config/config.js';
import { VOUCHER_BRANDS, type VoucherBrandCode } from '../../src/vouchers/brands.js';
import { tableRows } from './markdown.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const DOC = 'docs/configuration.md';
const rows = tableRows(readFileSync(resolve(ROOT, DOC), 'utf8'), ['variable', 'default', 'unit', 'meaning']);

/** A cell that is one code span is its content; anything else is read as written. */
function unquoted(cell: string): string {
  const code = /^`([^`]*)`$/.exec(cell);
  return code ? (code[1] ?? '') : cell;
}

const documented = new Map(rows.map(([variable = '', defaultCell = '']) => [unquoted(variable), defaultCell]));

/** Every environment variable loadConfig reads, found by handing it an empty environment that notes each read. */
function variablesTheLoaderReads(): string[] {
  const read = new Set<string>();
  const note = (key: string | symbol) => {
    if (typeof key === 'string') read.add(key);
  };
  const environment = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_, key) => (note(key), undefined),
    has: (_, key) => (note(key), false),
  });
  loadConfig(environment);
  return [...read].sort();
}

/**
 * Every variable named where the relay's code reads its environment (`env.NAME`, `env, 'NAME'`),
 * wherever the module lives: a read that runs only under some condition, which the loader's run
 * above would miss, is still found here.
 */
function variablesNamedInTheCode(): string[] {
  const names = new Set<string>();
  const scan = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) scan(path);
      else if (entry.name.endsWith('.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/\benv(?:\.|,\s*')([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1] ?? '');
      }
    }
  };
  scan(resolve(ROOT, 'server/src'));
  return [...names].sort();
}

/** Slips confirm after the brand's own number of days unless configured: compare what takes effect. */
function effective(config: Config): unknown {
  const days = Object.fromEntries(
    (Object.keys(VOUCHER_BRANDS) as VoucherBrandCode[]).map((brand) => [brand, config.voucherConfirmBusinessDays[brand] ?? VOUCHER_BRANDS[brand].confirmBusinessDays]),
  );
  return { ...config, voucherConfirmBusinessDays: days };
}

/** The cases a default cell stands for: the environment around the variable, and the value to give it there. */
function casesOf(variable: string, cell: string): { around: NodeJS.ProcessEnv; value: string }[] {
  const port = unquoted(documented.get('PORT') ?? '');
  const value = (text: string) => (text === '(empty)' ? '' : unquoted(text).replaceAll('$PORT', port).replaceAll('<host name>', hostname()));
  const byEnvironment = /^(.+) in test, (.+) in live$/.exec(cell);
  if (byEnvironment) {
    return [
      { around: {}, value: value(byEnvironment[1] ?? '') },
      { around: { RELAY_ENVIRONMENT: 'live' }, value: value(byEnvironment[2] ?? '') },
    ];
  }
  const byTerminal = /^(.+) on a terminal, else (.+)$/.exec(cell);
  if (byTerminal) return [{ around: {}, value: value((process.stdout.isTTY === true ? byTerminal[1] : byTerminal[2]) ?? '') }];
  if (variable === '') throw new Error('a row without a variable');
  return [{ around: {}, value: value(cell) }];
}

describe(DOC, () => {
  it('lists every environment variable the config loader reads, and no other', () => {
    expect([...documented.keys()].sort()).toEqual(variablesTheLoaderReads());
  });

  it('lists every variable the code under server/src names where it reads its environment', () => {
    const named = variablesNamedInTheCode();
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists each variable once', () => {
    expect(documented.size).toBe(rows.length);
  });

  it.each([...documented])('gives the default of %s as the config loader has it', (variable, cell) => {
    for (const { around, value } of casesOf(variable, cell)) {
      expect(effective(loadConfig({ ...around, [variable]: value })), `${variable}=${JSON.stringify(value)}`).toEqual(effective(loadConfig(around)));
    }
  });
});
