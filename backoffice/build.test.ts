// The built back office (dist/backoffice, `npm run build:backoffice`; npm test builds it first):
// nothing inline that the back office's CSP (`script-src 'self'; style-src 'self'`) would block,
// and the first page's JavaScript (the entry and what it imports statically) within 60 KB gzip,
// every other page in a chunk of its own.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = resolve(import.meta.dirname, '../dist/backoffice');
const FIRST_PAGE_BUDGET = 60 * 1024;

function read(path: string): string {
  const file = resolve(dist, path.replace(/^\//, ''));
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build:backoffice first (npm test does)`);
  return readFileSync(file, 'utf8');
}

/** The entry script and every chunk it imports statically, transitively. */
function firstPageScripts(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const source = read(path);
    // Static imports only: `import{…}from"./x.js"` or `import"./x.js"`; import("…") is a later page.
    for (const match of source.matchAll(/(?:^|[;}\s])import\s*(?:[^"'();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      visit(`/assets/${match[1]!.slice(2)}`);
    }
  };
  visit(entry);
  return [...seen];
}

describe('the built back office', () => {
  const html = read('index.html');

  it('has no inline script or style, only files of its own origin', () => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
  });

  it("keeps the first page's JavaScript within 60 KB gzip, the other pages in chunks of their own", () => {
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    const scripts = firstPageScripts(entry!);
    const gzipped = scripts.reduce((sum, path) => sum + gzipSync(read(path), { level: 9 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(FIRST_PAGE_BUDGET);
    const entrySource = read(entry!);
    for (const page of ['payments-page', 'payment-page', 'audit-page', 'credentials-page', 'people-page', 'settings-page', 'account-page']) {
      expect(entrySource, page).toMatch(new RegExp(`import\\(["']\\./${page}-[\\w-]+\\.js["']\\)`));
    }
  });
});
