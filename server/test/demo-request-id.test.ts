// The demo shop answers every request with an X-Request-Id, by the relay's rule: the caller's when
// sane, else a made one. Real HTTP on loopback; the shop's pages need no relay.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShop, type DemoShop } from '../src/demo/index.js';

const credentials = { entityId: '8a8294174b7ecb28014b9699220015ca', accessToken: 'OGE4Mjk0MTc0YjdlY2IyOA==' };
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('demo shop request ids', () => {
  let shop: DemoShop;
  beforeAll(async () => {
    shop = await startDemoShop({ port: 0, host: '127.0.0.1', relayUrl: 'http://127.0.0.1:1', credentials, logger: silent });
  });
  afterAll(async () => shop.close());

  it('answers a sane id back, and a made one for none or an insane one', async () => {
    const page = await fetch(`${shop.url.replace('localhost', '127.0.0.1')}/`, { headers: { 'x-request-id': 'shop-visit-7' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).toBe('shop-visit-7');
    const none = await fetch(`${shop.url.replace('localhost', '127.0.0.1')}/nothing-here`);
    expect(none.headers.get('x-request-id')).toMatch(/^[a-z]{16}$/);
    const insane = await fetch(`${shop.url.replace('localhost', '127.0.0.1')}/`, { headers: { 'x-request-id': 'visit 7' } });
    expect(insane.headers.get('x-request-id')).toMatch(/^[a-z]{16}$/);
  });
});
