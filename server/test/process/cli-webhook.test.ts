// `relay webhook …` run as a subprocess against a temporary DATA_DIR, with a real receiver: an
// endpoint added from the command line is activated, listed, tested, shows its deliveries and is
// removed; `webhook listen` decrypts and prints what it is sent.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { encryptNotification } from '../../src/webhooks/cipher.js';
import { createWebhookSender } from '../../src/webhooks/send.js';
import { EVENT_ID_HEADER, IV_HEADER, TAG_HEADER } from '../../src/webhooks/headers.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { PROCESS_TEST_TIMEOUT_MS, runCli, spawnCli } from '../support/cli-process.js';

/** A listener's cold start (tsx compiling the CLI) while the machine is busy, ms: a bound, not a wait. */
const CLI_START_TIMEOUT_MS = 120_000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function json(dataDir: string, ...args: string[]): Promise<Record<string, unknown> & Record<string, unknown>[]> {
  const result = await runCli(dataDir, ...args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown> & Record<string, unknown>[];
}

describe('relay webhook', () => {
  it('adds, lists, tests and removes an endpoint, and shows its deliveries', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-cli-webhook-'));
    dirs.push(dataDir);
    const receiver = await startReceiver();
    try {
      const merchant = await json(dataDir, 'merchant', 'create', '--name', 'Hooks');
      const entity = merchant.entityId as string;
      const added = await json(dataDir, 'webhook', 'add', '--entity', entity, '--url', receiver.url, '--event-type', 'PAYMENT', '--event-type', 'REGISTRATION');
      expect(added).toMatchObject({ state: 'active', eventTypes: ['PAYMENT', 'REGISTRATION'], activation: { acknowledged: true, status: 200 } });
      expect(added.secret).toMatch(/^[0-9a-f]{64}$/);
      receiver.secrets.push(added.secret as string);
      expect(receiver.notifications()[0]).toMatchObject({ type: 'test', action: 'webhook activation' });

      const listed = await json(dataDir, 'webhook', 'list', '--entity', entity);
      expect(listed.map((e) => e.id)).toEqual([added.id]);
      expect(JSON.stringify(listed)).not.toContain(added.secret as string);

      const tested = await json(dataDir, 'webhook', 'test', '--entity', entity, '--id', added.id as string);
      expect(tested).toMatchObject({ test: { acknowledged: true, status: 200 } });
      expect(receiver.notifications()[1]).toMatchObject({ type: 'test', action: 'webhook test' });
      expect(await json(dataDir, 'webhook', 'deliveries', '--entity', entity, '--id', added.id as string)).toEqual([]);

      // An endpoint added inactive is activated on its own command.
      const later = await json(dataDir, 'webhook', 'add', '--entity', entity, '--url', receiver.url, '--inactive');
      expect(later.state).toBe('inactive');
      const activated = await json(dataDir, 'webhook', 'activate', '--entity', entity, '--id', later.id as string);
      expect(activated).toMatchObject({ id: later.id, state: 'active', activation: { acknowledged: true } });
      await json(dataDir, 'webhook', 'remove', '--entity', entity, '--id', later.id as string);

      const removed = await json(dataDir, 'webhook', 'remove', '--entity', entity, '--id', added.id as string);
      expect(removed).toMatchObject({ state: 'removed' });
      expect(await json(dataDir, 'webhook', 'list', '--entity', entity)).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS);

  it('refuses bad arguments with exit code 2, naming what is wrong', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-cli-webhook-'));
    dirs.push(dataDir);
    const merchant = await json(dataDir, 'merchant', 'create', '--name', 'Hooks');
    const entity = merchant.entityId as string;
    const cases: [string[], string][] = [
      [['webhook', 'add', '--entity', entity, '--url', 'ftp://shop.example/hooks'], 'http or https'],
      [['webhook', 'add', '--entity', entity, '--url', 'https://shop.example/hooks', '--event-type', 'PAYMENTS'], '--event-type'],
      [['webhook', 'redeliver', '--entity', entity, '--id', '0'.repeat(32)], '--event'],
      [['webhook', 'deliveries', '--entity', entity, '--id', '0'.repeat(32), '--since', '2026-02-30 00:00:00'], '--since'],
      [['webhook', 'listen', '--secret', 'abc'], '--secret'],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(dataDir, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(await json(dataDir, 'webhook', 'list', '--entity', entity)).toEqual([]);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('listen --entity adds an endpoint pointing at itself, activates it with its own secret, and removes it when stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-cli-webhook-'));
    dirs.push(dataDir);
    const merchant = await json(dataDir, 'merchant', 'create', '--name', 'Hooks');
    const entity = merchant.entityId as string;
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const child = spawnCli(dataDir, 'webhook', 'listen', '--entity', entity, '--port', port);
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    try {
      await waitUntil(async () => (err.includes('"activation"') ? true : undefined), { what: 'the activation', timeoutMs: CLI_START_TIMEOUT_MS });
      expect(err).toContain('"acknowledged":true');
      expect(out).toContain('webhook activation');
      const listed = await json(dataDir, 'webhook', 'list', '--entity', entity);
      expect(listed).toMatchObject([{ url: `http://127.0.0.1:${port}/`, state: 'active' }]);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    expect(await json(dataDir, 'webhook', 'list', '--entity', entity)).toEqual([]);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('listen decrypts and prints what it is sent with the secret, and refuses what does not decrypt', async () => {
    const secret = '000102030405060708090A0B0C0D0E0F000102030405060708090A0B0C0D0E0F';
    const child = spawnCli(undefined, 'webhook', 'listen', '--secret', secret, '--port', '0');
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const sender = createWebhookSender({ allowPrivate: true, timeoutMs: 5_000 });
    try {
      const url = await waitUntil(async () => /listening on (\S+?):? /.exec(err)?.[1], { what: 'the listener', timeoutMs: CLI_START_TIMEOUT_MS });
      const sealed = encryptNotification(secret, '{"type":"PAYMENT","action":"CREATED","payload":{"id":"abc"}}');
      const ok = await sender.send({ url, headers: { [IV_HEADER]: sealed.iv, [TAG_HEADER]: sealed.tag, [EVENT_ID_HEADER]: 'e1' }, body: sealed.body });
      expect(ok.status).toBe(200);
      await waitUntil(async () => (out.includes('"id": "abc"') ? true : undefined), { what: 'the printed notification', timeoutMs: 10_000 });
      expect(out).toContain('e1');
      const wrong = encryptNotification('F'.repeat(64), '{"type":"PAYMENT"}');
      const refused = await sender.send({ url, headers: { [IV_HEADER]: wrong.iv, [TAG_HEADER]: wrong.tag }, body: wrong.body });
      expect(refused.status).toBe(400);
    } finally {
      sender.close();
      child.kill('SIGINT');
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});
