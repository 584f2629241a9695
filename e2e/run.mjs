// The browser tests' entry point (`npm run test:e2e`, and the last step of `npm test`).
// Finds a Chromium, installs one if there is none (and says how), then runs `playwright test`
// with its path in CHROMIUM_PATH and hands back Playwright's exit code. Arguments are passed on:
//   node e2e/run.mjs e2e/demo-shop.spec.ts --headed
// With CI set, the report is one line per test and a focused test (.only) fails the run.

import { spawn } from 'node:child_process';
import { ensureChromium } from './support/chromium.mjs';

const say = (message) => console.log(`[e2e] ${message}`);

const chromium = ensureChromium(say);
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
