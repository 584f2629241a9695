// The browser tests' entry point (`npm run test:e2e`, and the last step of `npm test`).
// Finds a Chromium, installs one if there is none (and says how), then runs `playwright test`
// with its path in CHROMIUM_PATH and hands back Playwright's exit code. Arguments are passed on:
//   node e2e/run.mjs e2e/demo-shop.spec.ts --headed
// With CI set, the report is one line per test and a focused test (.only) fails the run.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './support/chromium.mjs';

/** A download that has not finished by then is not coming, ms. */
const PLAYWRIGHT_INSTALL_TIMEOUT_MS = 180_000;

const say = (message) => console.log(`[e2e] ${message}`);

function run(command, args, options = {}) {
  say(`running: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status === 0;
}

function installChromium() {
  say('no Chromium found (CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, Playwright\'s cache)');
  if (run('npx', ['playwright', 'install', 'chromium'], { timeout: PLAYWRIGHT_INSTALL_TIMEOUT_MS })) {
    const found = findChromium();
    if (found) {
      say(`installed Playwright's own Chromium: ${found.path}`);
      return found;
    }
  }
  say("Playwright could not download its browser (its download host is not reachable from here)");
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
    '[e2e] no Chromium, and none could be installed. Install one and run again, e.g.\n' +
      '        sudo apt-get install -y chromium        (Debian; Ubuntu: chromium-browser)\n' +
      '      or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const chromium = findChromium() ?? installChromium();
say(`Chromium: ${chromium.path} (${chromium.source})`);

const args = ['playwright', 'test', ...process.argv.slice(2)];
if (process.env.CI) {
  args.push('--forbid-only');
  if (!args.some((arg) => arg.startsWith('--reporter'))) args.push('--reporter=list');
}
say(`running: npx ${args.join(' ')}`);
const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium.path } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) say(`playwright ended by ${signal}`);
  process.exit(code ?? 1);
});
