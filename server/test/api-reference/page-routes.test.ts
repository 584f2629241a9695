// The reference page's files as the relay serves them: the page under its CSP, Swagger UI's files
// from the pinned package (compressed when the browser asks), and the test merchant's token handed
// out only by a test relay with its demo shop, never by a live relay or one without the demo.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';
import { TEST_MERCHANT_FILE } from '../../src/merchants/bootstrap.js';

const PAGE = '/v1/pages/api-reference';

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

/** The test merchant file a relay's first start writes, for the relay's data folder. */
function writeTestMerchant(dataDir: string, credentials: { entityId: string; accessToken: string }): void {
  writeFileSync(join(dataDir, TEST_MERCHANT_FILE), JSON.stringify({ ...credentials, webhookSecret: 'f'.repeat(64) }));
}

describe('the page and its files', () => {
  it('serves the page with a CSP of its own origin only, and no inline script', async () => {
    relay = await startTestRelay();
    const page = await relay.app.inject({ method: 'GET', url: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(page.headers['cache-control']).toBe('no-store');
    // Every script is a file of the relay's.
    expect(page.body.match(/<script[^>]*>/g)).toEqual([
      `<script src="${PAGE}/swagger-ui/swagger-ui-bundle.js" defer>`,
      `<script src="${PAGE}/initializer.js" defer>`,
    ]);
  });

  it('serves Swagger UI from the pinned package, gzip-encoded when asked, without its source map comment', async () => {
    relay = await startTestRelay();
    const plain = await relay.app.inject({ method: 'GET', url: `${PAGE}/swagger-ui/swagger-ui.css` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(plain.body).toContain('.swagger-ui');
    expect(plain.body).not.toContain('sourceMappingURL');

    const zipped = await relay.app.inject({ method: 'GET', url: `${PAGE}/swagger-ui/swagger-ui-bundle.js`, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toBe('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toContain('SwaggerUIBundle');
  });
});

describe('the test merchant for Try it out', () => {
  const credentials = { entityId: 'a'.repeat(32), accessToken: 'b'.repeat(43) };

  it('is handed out by a test relay with its demo shop', async () => {
    relay = await startTestRelay({ environment: 'test', demoPort: 8081 });
    writeTestMerchant(relay.dataDir, credentials);
    const answer = await relay.app.inject({ method: 'GET', url: `${PAGE}/try-it-out.json` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(credentials);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  for (const [what, overrides] of [
    ['a live relay', { environment: 'live', demoPort: 8081 }],
    ['a test relay without the demo shop', { environment: 'test', demoPort: 0 }],
  ] as const) {
    it(`is not handed out by ${what}`, async () => {
      relay = await startTestRelay(overrides);
      writeTestMerchant(relay.dataDir, credentials);
      const answer = await relay.app.inject({ method: 'GET', url: `${PAGE}/try-it-out.json` });
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
    });
  }

  it('is not handed out when the file is missing or cut short', async () => {
    relay = await startTestRelay({ environment: 'test', demoPort: 8081 });
    expect((await relay.app.inject({ method: 'GET', url: `${PAGE}/try-it-out.json` })).statusCode).toBe(204);
    writeFileSync(join(relay.dataDir, TEST_MERCHANT_FILE), '{"entityId":"aaaa');
    expect((await relay.app.inject({ method: 'GET', url: `${PAGE}/try-it-out.json` })).statusCode).toBe(204);
  });
});
