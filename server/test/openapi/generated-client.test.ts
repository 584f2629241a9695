// A client generated from the relay's live document by maintained generators runs a payment, a
// capture and a refund against the running relay: openapi-typescript turns GET /openapi.json into
// a paths type in a temporary folder, tsc checks it with a small merchant program (client-usage.ts)
// that calls through openapi-fetch, and node runs that program over real HTTP. The test always
// uses the document the relay serves now, so a document a generator cannot read, or one whose
// types no longer fit the calls integrations make, fails here.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';
import { CLIENT_USAGE_FILE, CLIENT_USAGE_SOURCE } from './client-usage.js';

const execFileAsync = promisify(execFile);

/** Runs node with `args` in the folder; a failure carries the program's output (tsc writes its errors to stdout). */
async function node(args: string[]): Promise<string> {
  try {
    return (await execFileAsync(process.execPath, args, { cwd: folder })).stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`node ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

let relay: TestRelay;
let base: string;
let folder: string;

beforeAll(async () => {
  relay = await startTestRelay();
  base = await relay.app.listen({ port: 0, host: '127.0.0.1' });
  folder = mkdtempSync(join(tmpdir(), 'paywidgets-client-'));
  // The generated client and the program resolve openapi-fetch, tsx and @types/node from the repository.
  symlinkSync(join(repoRoot, 'node_modules'), join(folder, 'node_modules'), 'dir');
});
afterAll(async () => {
  await relay?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    // Only the dependencies' declarations are skipped; relay-api.ts is a .ts file, so it is checked.
    skipLibCheck: true,
  },
  files: ['relay-api.ts', CLIENT_USAGE_FILE],
};

it('generates a typed client from /openapi.json that type-checks and runs PA, CP and RF', async () => {
  const answer = await fetch(`${base}/openapi.json`);
  expect(answer.status).toBe(200);
  const document = await answer.text();
  writeFileSync(join(folder, 'openapi.json'), document);

  const types = astToString(await openapiTS(JSON.parse(document)));
  expect(types).toContain('"/v1/payments/{id}": {');
  writeFileSync(join(folder, 'relay-api.ts'), types);
  writeFileSync(join(folder, CLIENT_USAGE_FILE), CLIENT_USAGE_SOURCE);
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  // An ES module project, as the program's top-level awaits need.
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ private: true, type: 'module' }));

  await node([join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', folder]);

  const stdout = await node(['--import', 'tsx', CLIENT_USAGE_FILE, base, relay.merchant.token, relay.merchant.entityId]);
  const steps = stdout.trim().split('\n').map((line) => JSON.parse(line) as { step: string; status: number; id: string; code: string });
  expect(steps.map(({ step, status, code }) => ({ step, status, code }))).toEqual([
    { step: 'PA', status: 200, code: '000.100.110' },
    { step: 'CP', status: 200, code: '000.100.110' },
    { step: 'RF', status: 200, code: '000.100.110' },
  ]);

  // What the client did, read back from the relay without it.
  const [authorized, captured, refunded] = steps as [(typeof steps)[0], (typeof steps)[0], (typeof steps)[0]];
  const read = async (id: string) => (await relay.get(`/v1/payments/${id}?entityId=${relay.merchant.entityId}`)).json() as { paymentType: string; amount: string; referencedId?: string };
  expect(await read(authorized.id)).toMatchObject({ paymentType: 'PA', amount: '92.10' });
  expect(await read(captured.id)).toMatchObject({ paymentType: 'CP', amount: '92.10', referencedId: authorized.id });
  expect(await read(refunded.id)).toMatchObject({ paymentType: 'RF', amount: '30.00', referencedId: authorized.id });
}, 120_000);
