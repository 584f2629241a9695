// .ci/run is what CI runs; the test configs refuse focused tests (.only) only when CI is set.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const script = readFileSync(resolve(ROOT, '.ci/run'), 'utf8');

describe('.ci/run', () => {
  it('exports CI=1 before it runs the tests', () => {
    // The script's exports before `npm test`, run in a shell without CI, then CI printed.
    const head = script.slice(0, script.lastIndexOf('npm test'));
    const exports = head.split('\n').filter((line) => /^\s*export\s/.test(line)).join('\n');
    const { CI: _ci, ...env } = process.env;
    const out = spawnSync('bash', ['-s'], { input: `${exports}\nprintf %s "$CI"\n`, env, encoding: 'utf8' });
    expect(out.stdout).toBe('1');
  });

  it('is what the test configs read to refuse focused tests', () => {
    expect(readFileSync(resolve(ROOT, 'vitest.config.ts'), 'utf8')).toMatch(/allowOnly:\s*!process\.env\.CI/);
    expect(readFileSync(resolve(ROOT, 'playwright.config.ts'), 'utf8')).toMatch(/forbidOnly:\s*CI/);
  });
});
