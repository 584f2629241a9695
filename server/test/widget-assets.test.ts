// The widget asset routes on a bare Fastify instance with only this plugin, over a throw-away
// build folder, so the test does not depend on `npm run build:widget` having run.

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheVersion, frameAncestorsDirective, loaderIntegrity, pickEncoding, widgetAssetsRoutes } from '../src/routes/widget-assets.js';

const VERSION = '0123456789abcdef';
const FILES: Record<string, string> = {
  'paymentWidgets.js': '(function(){"use strict";window.wpwl=window.wpwl||{}})();\n',
  'static.min.js': '(function(){/* main */})();\n',
  'extras.min.js': '(function(){/* extras */})();\n',
  'static.min.css': '.wpwl-container{margin:0}\n',
  'frame.min.js': '(function(){/* frame */})();\n',
  'frame-fields.min.js': '(function(){/* expiry and holder frames */})();\n',
  'frame.min.css': 'input{border:0}\n',
};
/**
 * The build's gzip of some files (widget/build/gzip-files.ts): the main script's a valid one made
 * differently from the relay's own, the frame script's not gzip at all, the stylesheet's of other bytes.
 */
const BUILT_GZIP: Record<string, Buffer> = {
  'static.min.js.gz': gzipSync(FILES['static.min.js']!, { level: 1 }),
  'frame.min.js.gz': Buffer.from('not a gzip stream'),
  'static.min.css.gz': gzipSync('.other{}'),
};
const LOCALE = '{"lang":"de","dir":"ltr","labels":{},"errors":{},"messages":{}}';
const KNOWN = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.uat01-vm-tx04';
const OPEN = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.uat01-vm-tx04';

let dist: string;
let app: FastifyInstance;
const asked: string[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'paywidgets-widget-dist-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dist, name), text);
  for (const [name, bytes] of Object.entries(BUILT_GZIP)) writeFileSync(join(dist, name), bytes);
  mkdirSync(join(dist, 'locales'));
  writeFileSync(join(dist, 'locales/de.json'), LOCALE);
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify({ cacheVersion: VERSION, files: { 'locales/de.json': {} } }));
  app = Fastify();
  await app.register(widgetAssetsRoutes, {
    distDir: dist,
    frameAncestors: async (id) => {
      asked.push(id);
      if (id === KNOWN) return ['https://shop.example', 'https://*.brand.example:8443', 'javascript:alert(1)', "https://x.example; script-src 'unsafe-inline'"];
      if (id === OPEN) return [];
      return 'unknown';
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const sha384 = (text: string) => `sha384-${createHash('sha384').update(Buffer.from(text)).digest('base64')}`;

describe('GET /v1/paymentWidgets.js', () => {
  it('serves the same loader bytes for every checkout, CORS-readable and revalidated', async () => {
    const a = await app.inject({ url: '/v1/paymentWidgets.js?checkoutId=one' });
    const b = await app.inject({ url: '/v1/paymentWidgets.js?checkoutId=two/registration' });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(FILES['paymentWidgets.js']);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(a.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(a.headers['access-control-allow-origin']).toBe('*');
    expect(a.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['cache-control']).toBe('no-cache');
    expect(a.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/v1/paymentWidgets.js?checkoutId=x', headers: { 'if-none-match': a.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('loaderIntegrity is the sha384 of exactly the served bytes (W8)', async () => {
    const res = await app.inject({ url: '/v1/paymentWidgets.js?checkoutId=one' });
    expect(loaderIntegrity(dist)).toBe(`sha384-${createHash('sha384').update(res.rawPayload).digest('base64')}`);
    expect(loaderIntegrity(dist)).toBe(sha384(FILES['paymentWidgets.js']!));
    expect(cacheVersion(dist)).toBe(VERSION);
  });
});

describe('GET /v1/static/:cacheVersion/…', () => {
  it('serves the main script, frame script and stylesheets, immutable and CORS-readable', async () => {
    for (const [url, file, type] of [
      [`/v1/static/${VERSION}/js/static.min.js`, 'static.min.js', 'application/javascript; charset=utf-8'],
      [`/v1/static/${VERSION}/js/frame.min.js`, 'frame.min.js', 'application/javascript; charset=utf-8'],
      [`/v1/static/${VERSION}/css/static.min.css`, 'static.min.css', 'text/css; charset=utf-8'],
      [`/v1/static/${VERSION}/css/frame.min.css`, 'frame.min.css', 'text/css; charset=utf-8'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(FILES[file]);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves a locale file the build lists, immutable and CORS-readable; none other', async () => {
    const res = await app.inject({ url: `/v1/static/${VERSION}/locales/de.json` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(LOCALE);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    for (const url of [`/v1/static/${VERSION}/locales/fr.json`, `/v1/static/${VERSION}/locales/..%2Fmanifest.json`, `/v1/static/${VERSION}/js/de.json`]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('answers 404 for another cache version, another folder or any other file', async () => {
    for (const url of [
      '/v1/static/ffffffffffffffff/js/static.min.js',
      `/v1/static/${VERSION}/css/static.min.js`,
      `/v1/static/${VERSION}/js/static.min.css`,
      `/v1/static/${VERSION}/js/manifest.json`,
      `/v1/static/${VERSION}/js/..%2F..%2Fpackage.json`,
      `/v1/static/${VERSION}/js/paymentWidgets.js`,
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe('compression', () => {
  it('sends brotli or gzip when accepted, the same bytes once decoded, with their own ETag', async () => {
    const url = `/v1/static/${VERSION}/js/static.min.js`;
    const plain = await app.inject({ url });
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it("sends the build's own gzip of a file when it unpacks to that file, and one of its own otherwise", async () => {
    const gzipped = async (url: string) => (await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })).rawPayload;
    expect((await gzipped(`/v1/static/${VERSION}/js/static.min.js`)).equals(BUILT_GZIP['static.min.js.gz']!)).toBe(true);
    expect(gunzipSync(await gzipped(`/v1/static/${VERSION}/js/frame.min.js`)).toString()).toBe(FILES['frame.min.js']);
    expect(gunzipSync(await gzipped(`/v1/static/${VERSION}/css/static.min.css`)).toString()).toBe(FILES['static.min.css']);
  });

  it('sends the card-field page compressed when accepted, the same page once decoded', async () => {
    const url = `/v1/checkouts/${KNOWN}/frame?field=cardNumber`;
    const plain = await app.inject({ url });
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it('honours q=0', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=0')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('GZIP;q=0.5')).toBe('gzip');
  });
});

describe('GET /v1/checkouts/:id/frame', () => {
  it('serves the card-field page with a strict CSP and the entity’s frame-ancestors (W5, W6)', async () => {
    const res = await app.inject({ url: `/v1/checkouts/${KNOWN}/frame?field=cardNumber` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors https://shop.example https://*.brand.example:8443`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(asked).toContain(KNOWN);
  });

  it('references the frame script with its integrity, and nothing inline: no script, no style', async () => {
    const html = (await app.inject({ url: `/v1/checkouts/${KNOWN}/frame?field=cvv` })).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toContain(`src="../../static/${VERSION}/js/frame.min.js"`);
    expect(scripts[0]![1]).toContain(`integrity="${sha384(FILES['frame.min.js']!)}"`);
    // A classic script at the end of the body: high priority, run once the body is parsed.
    expect(html).toMatch(/<body><script [^>]*><\/script><\/body>/);
    expect(scripts[0]![2]).toBe('');
    // The frame script brings the stylesheet (widget/frame/frame-style.ts).
    expect(html).not.toMatch(/<style|<link|\sstyle=|\son\w+=/i);
    // The relative paths resolve to the static route from the frame's own URL.
    expect(new URL(`../../static/${VERSION}/js/frame.min.js`, `https://relay.example/v1/checkouts/${KNOWN}/frame?field=cvv`).pathname).toBe(
      `/v1/static/${VERSION}/js/frame.min.js`,
    );
  });

  it('serves the expiry and holder pages (enableSAQACompliance) with their own script', async () => {
    for (const [field, title] of [['expiry', 'Expiry date'], ['cardHolder', 'Card holder']]) {
      const res = await app.inject({ url: `/v1/checkouts/${KNOWN}/frame?field=${field}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain(`src="../../static/${VERSION}/js/frame-fields.min.js" integrity="${sha384(FILES['frame-fields.min.js']!)}"`);
    }
  });

  it('an entity without configured origins may be framed anywhere', async () => {
    const res = await app.inject({ url: `/v1/checkouts/${OPEN}/frame?field=cvv` });
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors \*$/);
  });

  it('404 for an unknown checkout, an unknown field or a malformed id', async () => {
    expect((await app.inject({ url: '/v1/checkouts/cccccccccccccccccccccccccccccccc/frame?field=cardNumber' })).statusCode).toBe(404);
    expect((await app.inject({ url: `/v1/checkouts/${KNOWN}/frame?field=holder` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/v1/checkouts/${KNOWN}/frame?field=toString` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/v1/checkouts/${KNOWN}/frame` })).statusCode).toBe(404);
    const before = asked.length;
    expect((await app.inject({ url: '/v1/checkouts/a%20b%3Bc/frame?field=cvv' })).statusCode).toBe(404);
    expect(asked.length).toBe(before);
  });
});

describe('frameAncestorsDirective', () => {
  it('passes well-formed origins only; none left means none allowed', () => {
    expect(frameAncestorsDirective(['https://shop.example/', 'http://localhost:8081', 'http://[::1]:3000'])).toBe(
      'https://shop.example http://localhost:8081 http://[::1]:3000',
    );
    expect(frameAncestorsDirective(['*'])).toBe('*');
    expect(frameAncestorsDirective(["'self'", 'data:', 'https://x.example/path'])).toBe("'none'");
  });
});

describe('without a build', () => {
  it('answers 503 instead of failing to start', async () => {
    const bare = Fastify();
    await bare.register(widgetAssetsRoutes, { distDir: join(dist, 'missing'), frameAncestors: async () => [] });
    const res = await bare.inject({ url: '/v1/paymentWidgets.js' });
    expect(res.statusCode).toBe(503);
    expect(() => loaderIntegrity(join(dist, 'missing'))).toThrow(/build:widget/);
    await bare.close();
  });
});
