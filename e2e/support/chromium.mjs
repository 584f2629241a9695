// Where the browser tests find Chromium, shared by e2e/run.mjs and playwright.config.ts so the
// list of places lives in one file. Playwright cannot download its own browser on the project's
// machines; Debian's `chromium` package is the one they use.

import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Debian's and Ubuntu's paths of the system package. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Flags for Chromium on these machines. Without the background-networking ones Chromium keeps
 * opening connections that the closed network refuses, many at a time.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's own download, if one was ever made (PLAYWRIGHT_BROWSERS_PATH or its cache). */
function playwrightCacheChromium() {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  let names;
  try {
    names = readdirSync(root);
  } catch {
    return undefined;
  }
  const builds = names.filter((name) => /^chromium-\d+$/.test(name)).sort().reverse();
  for (const build of builds) {
    for (const relative of ['chrome-linux64/chrome', 'chrome-linux/chrome']) {
      const path = join(root, build, relative);
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

/**
 * The Chromium to launch: CHROMIUM_PATH if set (it must exist), else the system package, else
 * Playwright's own download; undefined when there is none.
 * @returns {{ path: string, source: string } | undefined}
 */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return { path: fromEnv, source: 'CHROMIUM_PATH' };
  }
  const system = SYSTEM_CHROMIUM_PATHS.find((path) => existsSync(path));
  if (system) return { path: system, source: 'system package' };
  const cached = playwrightCacheChromium();
  if (cached) return { path: cached, source: "Playwright's browser cache" };
  return undefined;
}
