// Where the browser tests find Chromium, shared by e2e/run.mjs and playwright.config.ts so the
// list of places lives in one file. Playwright cannot download its own browser on the project's
// machines; Debian's `chromium` package is the one they use.

import { spawnSync } from 'node:child_process';
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

/** A download that has not finished by then is not coming, ms. */
const PLAYWRIGHT_INSTALL_TIMEOUT_MS = 180_000;

/**
 * The Chromium to launch, installed first when there is none: Playwright's own download where its
 * host is reachable, else Debian's `chromium` package when running as root. Says what it did
 * through `say`; exits the process when no browser can be had. Used by the browser tests and the
 * widget benchmark, so a fresh machine runs both alike.
 * @param {(message: string) => void} say
 * @returns {{ path: string, source: string }}
 */
export function ensureChromium(say) {
  const present = findChromium();
  if (present) return present;
  const run = (command, args, options = {}) => {
    say(`running: ${[command, ...args].join(' ')}`);
    return spawnSync(command, args, { stdio: 'inherit', ...options }).status === 0;
  };
  say("no Chromium found (CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, Playwright's cache)");
  if (run('npx', ['playwright', 'install', 'chromium'], { timeout: PLAYWRIGHT_INSTALL_TIMEOUT_MS })) {
    const found = findChromium();
    if (found) {
      say(`installed Playwright's own Chromium: ${found.path}`);
      return found;
    }
  }
  say('Playwright could not download its browser (its download host is not reachable from here)');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update'], { env }) && run('apt-get', ['install', '-y', 'chromium'], { env })) {
      const found = findChromium();
      if (found) {
        say(`installed Debian's chromium package: ${found.path}`);
        return found;
      }
    }
  }
  console.error(
    'No Chromium, and none could be installed. Install one and run again, e.g.\n' +
      '    sudo apt-get install -y chromium        (Debian; Ubuntu: chromium-browser)\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
