// Two `vite build` processes at once into one dist folder, as relays started together from one
// checkout do: both succeed, and the published build is complete and consistent (its manifest's
// hashes are those of its files, and the loader pins those hashes). Then one more build leaves
// only itself behind. Built into a temp folder (WIDGET_DIST_DIR) so the checkout's own dist/ is
// not touched.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

async function viteBuild(link: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [vite, 'build', '--config', 'vite.config.ts'], { cwd: root, env: { ...process.env, WIDGET_DIST_DIR: link }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

interface Manifest {
  cacheVersion: string;
  files: Record<string, { integrity: string; bytes: number }>;
}

/** Reads the build the link points at and checks it against its own manifest. */
function checkPublished(link: string): string {
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  const dir = realpathSync(link);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const locales = readdirSync(join(import.meta.dirname, '../../widget/locales')).map((f) => `locales/${f}`);
  expect(locales).toHaveLength(24);
  expect(Object.keys(manifest.files).sort()).toEqual(['extras.min.js', 'frame.min.css', 'frame.min.js', 'frame-fields.min.js', ...locales, 'static.min.css', 'static.min.js'].sort());
  for (const [file, { integrity, bytes }] of Object.entries(manifest.files)) {
    const content = readFileSync(join(dir, file));
    expect(content.length).toBe(bytes);
    expect(sha384(content)).toBe(integrity);
  }
  const loader = readFileSync(join(dir, 'paymentWidgets.js'), 'utf8');
  expect(loader).toContain(manifest.cacheVersion);
  expect(loader).toContain(manifest.files['static.min.js']!.integrity);
  expect(loader).toContain(manifest.files['static.min.css']!.integrity);
  return dir;
}

describe('concurrent widget builds', () => {
  const dist = mkdtempSync(join(tmpdir(), 'paywidgets-dist-'));
  const link = join(dist, 'widget');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('both succeed and publish a complete, consistent build', { timeout: 180_000 }, async () => {
    const results = await Promise.all([viteBuild(link), viteBuild(link)]);
    for (const result of results) expect(result.code, result.output).toBe(0);
    checkPublished(link);
  });

  it('a later build replaces it and removes the builds nobody runs or reads', { timeout: 120_000 }, async () => {
    const result = await viteBuild(link);
    expect(result.code, result.output).toBe(0);
    const dir = checkPublished(link);
    expect(readdirSync(`${link}-builds`)).toEqual([dir.split('/').pop()]);
    expect(readdirSync(dist).sort()).toEqual(['widget', 'widget-builds']);
    expect(existsSync(join(dir, 'manifest.json'))).toBe(true);
  });
});
