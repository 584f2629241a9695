// npm run soak -- [--minutes 4] [--relays 3] [--rate 8] [--seed N] [--out DIR]
// Runs the relays under load and faults on a PostgreSQL and a Redis of the soak's own, audits the
// database and the receivers, prints the figures and writes them (figures.json, figures.md) and
// the relays' logs to --out. Exits 1 when the audit found anything.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { figuresMarkdown } from './figures.js';
import { soakOptions } from './options.js';
import { runSoak } from './run.js';

const options = soakOptions(process.argv.slice(2));
const log = (line: string): void => void process.stdout.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const result = await runSoak(options, log);
const markdown = figuresMarkdown(result.figures, result.audit, `Soak: ${options.minutes} min, ${options.relays} relays, ${options.rate} flows/s, seed ${options.seed}`);
await writeFile(join(options.out, 'figures.json'), `${JSON.stringify({ options, faults: result.faults, load: result.load, figures: result.figures, audit: result.audit }, null, 2)}\n`);
await writeFile(join(options.out, 'figures.md'), markdown);
process.stdout.write(`\n${markdown}\nwritten to ${options.out}\n`);
process.exit(result.audit.ok ? 0 : 1);
