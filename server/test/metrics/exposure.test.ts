// Who may read /metrics: nobody by default (the relay answers 404 as for any unknown path, and
// counts nothing), the holder of METRICS_TOKEN on the relay's port, or anyone who reaches the
// METRICS_PORT listener, which binds to loopback unless told otherwise. Real HTTP throughout.

import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig, loadConfig, type Config } from '../../src/config/config.js';
import { startMetricsServer, type MetricsServer } from '../../src/metrics/metrics-server.js';
import { startTestRelay, type TestRelay } from '../helper.js';
import { parseMetrics, valueOf } from './scrape.js';

const TOKEN = 'metrics-token-0123456789abcdef';

let relay: TestRelay | undefined;
let listener: MetricsServer | undefined;
afterEach(async () => {
  await listener?.close();
  await relay?.close();
  listener = undefined;
  relay = undefined;
});

async function listening(metrics: Partial<Config['metrics']>): Promise<{ relay: TestRelay; url: string }> {
  relay = await startTestRelay({ relayId: 'relay-x', metrics: { ...defaultConfig.metrics, ...metrics } });
  const url = await relay.app.listen({ port: 0, host: '127.0.0.1' });
  return { relay, url };
}

describe('metrics off (neither METRICS_PORT nor METRICS_TOKEN)', () => {
  it('answers GET /metrics with the API 404, with or without a token, and keeps no registry', async () => {
    const { relay: r, url } = await listening({});
    expect(r.ctx.prometheus).toBeNull();
    expect(r.ctx.metrics.enabled).toBe(false);
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of attempts) {
      const res = await fetch(`${url}/metrics`, { headers });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { result: { code: string } };
      expect(body.result.code).toBe('200.300.404');
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('refuses /metrics without the token or with another one (401, the API shape), and serves it with the token', async () => {
    const { url } = await listening({ token: TOKEN });
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer another-token-0123456789' }, { authorization: TOKEN }];
    for (const headers of refused) {
      const res = await fetch(`${url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { result: { code: string } }).result.code).toBe('800.900.300');
    }
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(await res.text());
    // The refused scrapes are answers like any other, under their route pattern and the relay's id.
    expect(valueOf(samples, 'paywidgets_http_requests_total', { route: '/metrics', method: 'GET', status: '401', result: 'rejected_input', relay: 'relay-x' })).toBe(3);
    // Process figures, with the relay label too.
    expect(valueOf(samples, 'process_cpu_user_seconds_total', { relay: 'relay-x' })).toBeGreaterThan(0);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own listener only: the relay port answers 404, the listener binds to loopback', async () => {
    const { relay: r, url } = await listening({ port: 1 });
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const prometheus = r.ctx.prometheus;
    if (!prometheus) throw new Error('metrics should be on');
    listener = await startMetricsServer(prometheus, r.ctx.store, { port: 0, host: r.ctx.config.metrics.host });
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${listener.url}/metrics`);
    expect(res.status).toBe(200);
    expect(valueOf(parseMetrics(await res.text()), 'paywidgets_http_requests_total', { route: 'unmatched', status: '404', relay: 'relay-x' })).toBe(1);
    const other = await fetch(`${listener.url}/v1/payments`);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { result: { code: string } }).result.code).toBe('200.300.404');
  });
});

describe('the settings', () => {
  it('are off by default, bind the listener to loopback, and refuse a short or spaced token without quoting it', () => {
    expect(loadConfig({}).metrics).toEqual({ port: 0, host: '127.0.0.1', token: '' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: '' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^METRICS_TOKEN must be 16 to 512 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'with a space in it, long enough' })).toThrow(/^METRICS_TOKEN must be/);
    expect(() => loadConfig({ METRICS_TOKEN: 'with a space in it, long enough' })).not.toThrow(/long enough/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a TCP port/);
  });
});
