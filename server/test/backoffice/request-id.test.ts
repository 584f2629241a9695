// The back office's request ids, over real HTTP: a sane X-Request-Id is answered back and is on the
// request's log lines, an insane one is replaced by a made one, and every answer (a page of the
// API, a refusal by the guard, an unknown route, an error) carries one.

import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/config/logging.js';
import { BACKOFFICE_ROUTE_SETS } from '../../src/backoffice/route-sets.js';
import type { BackofficeRoutes } from '../../src/backoffice/contract.js';
import { startBackoffice, type BackofficeHarness } from './harness.js';
import { captureLog, type LogCapture } from '../support/log-lines.js';

/** A route that logs a line of its own and fails, as a route's bug would. */
const failing: BackofficeRoutes = (app) => {
  app.get('/failing', { config: { access: 'public' } }, async (request) => {
    request.log.info({ step: 'before the failure' }, 'route at work');
    throw new Error('a bug');
  });
};

describe('back office request ids', () => {
  let bo: BackofficeHarness;
  let log: LogCapture;
  let base: string;

  beforeAll(async () => {
    log = captureLog();
    const logger = Fastify({ logger: { ...loggerOptions('info'), stream: log.stream } }).log;
    bo = await startBackoffice({ logger: logger.child({ part: 'backoffice' }), routeSets: [...BACKOFFICE_ROUTE_SETS, failing] });
    await bo.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(bo.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => bo.close());

  const get = (path: string, requestId?: string) => fetch(`${base}${path}`, { headers: { origin: bo.publicUrl, ...(requestId !== undefined ? { 'x-request-id': requestId } : {}) } });

  it("puts a sane caller id on the request's log lines and answers it back", async () => {
    const answer = await get('/api/failing', 'bo-trace-1');
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-request-id')).toBe('bo-trace-1');
    expect(log.of('bo-trace-1').map((l) => l.msg)).toEqual(['route at work', 'back office request failed']);
  });

  it('answers every request with an id: refused by the guard, a missing file, no id sent, an insane one', async () => {
    const refused = await get('/api/session', 'bo-401');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('bo-401');
    const unknown = await get('/assets/missing-abc.js', 'bo-404');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-request-id')).toBe('bo-404');
    expect((await get('/api/session')).headers.get('x-request-id')).toMatch(/^[a-z]{16}$/);
    const insane = await get('/api/failing', 'x'.repeat(200));
    expect(insane.headers.get('x-request-id')).toMatch(/^[a-z]{16}$/);
    expect(JSON.stringify(log.lines())).not.toContain('x'.repeat(129));
  });
});
