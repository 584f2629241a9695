// The demo shop's backend against a fake relay, both over real HTTP on loopback: the shop must ask
// the relay exactly what a merchant backend asks, and show what the relay answers, escaped.

import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShop, type DemoShop, type PaymentStatus } from '../src/demo/index.js';

const credentials = { entityId: '8a8294174b7ecb28014b9699220015ca', accessToken: 'OGE4Mjk0MTc0YjdlY2IyOA==' };
const checkoutId = '0123456789ABCDEF0123456789ABCDEF.uat01-vm-tx04';
const silent = { info: () => {}, warn: () => {}, error: () => {} };

interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A relay that answers what each test sets, and records what it was asked. */
class FakeRelay {
  seen: SeenRequest[] = [];
  checkoutAnswer: { status: number; json: unknown } = { status: 200, json: { id: checkoutId, result: { code: '000.200.100', description: 'successfully created checkout' } } };
  statusAnswer: { status: number; json: unknown } = { status: 200, json: {} };
  private server: Server = createServer((req, res) => void this.answer(req, res));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async answer(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    this.seen.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body });
    const answer = req.method === 'POST' && req.url === '/v1/checkouts' ? this.checkoutAnswer : this.statusAnswer;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.json));
  }
}

function paidStatus(overrides: Partial<PaymentStatus> = {}): PaymentStatus {
  return {
    id: '8ac7a4a1845f7e3a01846000a4f13a8f',
    paymentType: 'DB',
    paymentBrand: 'VISA',
    amount: '49.90',
    currency: 'EUR',
    result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
    card: { bin: '420000', last4Digits: '0000', expiryMonth: '12', expiryYear: '2030' },
    ...overrides,
  };
}

/** A request whose path is sent as written (fetch would normalise `..` away first). */
function rawGet(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + '/', { path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const relay = new FakeRelay();
let shop: DemoShop;

beforeAll(async () => {
  await relay.start();
  shop = await startDemoShop({ port: 0, host: '127.0.0.1', relayUrl: relay.url, credentials, logger: silent });
});

afterAll(async () => {
  await shop.close();
  await relay.stop();
});

afterEach(() => {
  relay.seen = [];
});

const resultUrl = (id: string, resourcePath = `/v1/checkouts/${id}/payment`): string =>
  `${shop.url}/result?id=${encodeURIComponent(id)}&resourcePath=${encodeURIComponent(resourcePath)}`;

describe('product page', () => {
  it('shows the product with its price and a Checkout button that posts to the shop', async () => {
    const response = await fetch(`${shop.url}/`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('Summit Thermos');
    expect(html).toContain('€49.90');
    expect(html).toMatch(/<form method="post" action="\/checkout">\s*<button[^>]*>Checkout<\/button>/);
    expect(relay.seen).toEqual([]);
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${shop.url}/`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('checkout', () => {
  it('prepares a checkout with the merchant credentials and redirects to the widget page', async () => {
    const response = await fetch(`${shop.url}/checkout`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/pay?checkoutId=${encodeURIComponent(checkoutId)}`);
    expect(relay.seen).toHaveLength(1);
    const [call] = relay.seen;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/checkouts');
    expect(call?.authorization).toBe(`Bearer ${credentials.accessToken}`);
    // The order id rides along; without a webhook secret the shop asks for no notifications.
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({
      entityId: credentials.entityId,
      amount: '49.90',
      currency: 'EUR',
      paymentType: 'DB',
      merchantTransactionId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('shows an error page, not a widget, when the relay refuses the credentials', async () => {
    relay.checkoutAnswer = { status: 401, json: { result: { code: '800.900.300', description: 'invalid authentication information' } } };
    try {
      const response = await fetch(`${shop.url}/checkout`, { method: 'POST', redirect: 'manual' });
      expect(response.status).toBe(502);
      expect(await response.text()).toContain('800.900.300');
    } finally {
      relay.checkoutAnswer = new FakeRelay().checkoutAnswer;
    }
  });

  it('shows an error page when the relay cannot be reached', async () => {
    const down = await startDemoShop({ port: 0, host: '127.0.0.1', relayUrl: 'http://127.0.0.1:1', credentials, logger: silent });
    try {
      const response = await fetch(`${down.url}/checkout`, { method: 'POST', redirect: 'manual' });
      expect(response.status).toBe(502);
      expect(await response.text()).toContain('could not be reached');
    } finally {
      await down.close();
    }
  });

  it('refuses GET on /checkout', async () => {
    const response = await fetch(`${shop.url}/checkout`);
    expect(response.status).toBe(405);
  });
});

describe('widget page', () => {
  it('loads the widget for the checkout from the relay, with a form back to /result', async () => {
    const response = await fetch(`${shop.url}/pay?checkoutId=${encodeURIComponent(checkoutId)}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(`<script src="${relay.url}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}"></script>`);
    expect(html).toContain('<form action="/result" class="paymentWidgets" data-brands="VISA MASTER AMEX SOFORTUEBERWEISUNG PAYPAL"></form>');
    expect(html).toContain('data-style="card"');
  });

  it('sends a CSP that allows the relay origin and no inline script', async () => {
    const response = await fetch(`${shop.url}/pay?checkoutId=${encodeURIComponent(checkoutId)}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(csp.split(';').map((d) => { const [name = '', ...values] = d.trim().split(/\s+/); return [name, values]; }));
    expect(directives.get('script-src')).toEqual(["'self'", relay.url]);
    expect(directives.get('frame-src')).toEqual([relay.url]);
    expect(directives.get('connect-src')).toContain(relay.url);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a checkout id outside the id alphabet', async () => {
    const response = await fetch(`${shop.url}/pay?checkoutId=${encodeURIComponent('"><script>x</script>')}`);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('<script>x');
  });
});

describe('result page', () => {
  it('reads the payment status server-side and shows amount, brand, last 4 digits and result', async () => {
    const id = 'A0000000000000000000000000000001.uat01-vm-tx04';
    relay.statusAnswer = { status: 200, json: paidStatus() };
    const response = await fetch(resultUrl(id));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('data-outcome="success"');
    expect(html).toContain('€49.90');
    expect(html).toContain('VISA');
    expect(html).toContain('•••• 0000');
    expect(html).toContain('000.100.110');
    expect(relay.seen).toEqual([
      { method: 'GET', path: `/v1/checkouts/${id}/payment?entityId=${credentials.entityId}`, authorization: `Bearer ${credentials.accessToken}`, body: '' },
    ]);
  });

  it('shows a final result again on reload without reading the status twice (reads are throttled)', async () => {
    const id = 'A0000000000000000000000000000002.uat01-vm-tx04';
    relay.statusAnswer = { status: 200, json: paidStatus() };
    expect(await (await fetch(resultUrl(id))).text()).toContain('data-outcome="success"');
    relay.statusAnswer = { status: 429, json: { result: { code: '800.120.100', description: 'Rejected by Throttling.' } } };
    expect(await (await fetch(resultUrl(id))).text()).toContain('data-outcome="success"');
    expect(relay.seen).toHaveLength(1);
  });

  it('says so when the status read is throttled, and asks again next time', async () => {
    const id = 'A0000000000000000000000000000003.uat01-vm-tx04';
    relay.statusAnswer = { status: 429, json: { result: { code: '800.120.100', description: 'Rejected by Throttling.' } } };
    expect(await (await fetch(resultUrl(id))).text()).toContain('data-outcome="throttled"');
    expect(await (await fetch(resultUrl(id))).text()).toContain('data-outcome="throttled"');
    expect(relay.seen).toHaveLength(2);
  });

  it('shows a decline with its code and description', async () => {
    const id = 'A0000000000000000000000000000004.uat01-vm-tx04';
    relay.statusAnswer = { status: 200, json: paidStatus({ result: { code: '800.100.152', description: 'transaction declined by authorization system' } }) };
    const html = await (await fetch(resultUrl(id))).text();
    expect(html).toContain('data-outcome="declined"');
    expect(html).toContain('Payment declined');
    expect(html).toContain('transaction declined by authorization system');
  });

  it('escapes whatever the relay answers', async () => {
    const id = 'A0000000000000000000000000000005.uat01-vm-tx04';
    relay.statusAnswer = { status: 200, json: paidStatus({ paymentBrand: '<img src=x onerror=alert(1)>', result: { code: '000.100.110', description: '"><script>alert(1)</script>' } }) };
    const html = await (await fetch(resultUrl(id))).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    ['another resource', '/v1/payments/A0000000000000000000000000000006'],
    ['another checkout', '/v1/checkouts/B0000000000000000000000000000006/payment'],
    ['another host', 'http://evil.invalid/v1/checkouts/A0000000000000000000000000000006/payment'],
    ['a path with a query', '/v1/checkouts/A0000000000000000000000000000006/payment?entityId=x'],
    ['a climbing path', '/v1/checkouts/A0000000000000000000000000000006/../../payments'],
  ])('refuses %s as resourcePath without calling the relay', async (_, resourcePath) => {
    const response = await fetch(resultUrl('A0000000000000000000000000000006', resourcePath));
    expect(response.status).toBe(400);
    expect(relay.seen).toEqual([]);
  });
});

describe('static files and gallery', () => {
  it('serves the stylesheet and the options script with their types', async () => {
    const css = await fetch(`${shop.url}/assets/shop.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const js = await fetch(`${shop.url}/assets/widget-options.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toContain('window.wpwlOptions');
  });

  it.each(['/templates/product.html', '/../package.json', '/%2e%2e/package.json', '/assets/../../package.json', '/.gitignore'])(
    'answers 404 for %s',
    async (path) => {
      expect(await rawGet(shop.url, path)).toBe(404);
    },
  );

  it('shows the gallery with a frame per style, each a widget page with its own checkout', async () => {
    const gallery = await fetch(`${shop.url}/gallery`);
    const html = await gallery.text();
    expect(html).toContain('src="/gallery/widget?style=card"');
    expect(html).toContain('src="/gallery/widget?style=plain"');
    expect(html).toContain('src="/gallery/widget?style=logos"');
    for (const theme of ['midnight', 'minimal', 'rounded']) expect(html).toContain(`theme=${theme}`);
    expect(html).toContain('locale=ar');
    expect(html).toContain('state=error');
    expect(html).toContain('state=focus');
    expect(gallery.headers.get('content-security-policy')).toContain(`frame-src 'self' ${relay.url}`);

    const plain = await (await fetch(`${shop.url}/gallery/widget?style=plain`)).text();
    expect(plain).toContain('data-style="plain"');
    expect(plain).toContain(`paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}`);
    expect(relay.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkouts']);
  });

  it('draws a gallery page with its theme, locale and state, right-to-left for Arabic', async () => {
    const html = await (await fetch(`${shop.url}/gallery/widget?style=card&theme=midnight&locale=ar&state=error`)).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('data-theme="midnight" data-locale="ar" data-state="error"');
    const theme = await fetch(`${shop.url}/assets/themes/midnight.css`);
    expect(theme.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await theme.text()).toContain('.wpwl-button-pay');
  });

  it.each(['style=logos%22', 'style=card&theme=..%2Fshop', 'style=card&locale=xx', 'style=card&state=<b>'])('refuses an unknown gallery page: %s', async (query) => {
    expect((await fetch(`${shop.url}/gallery/widget?${query}`)).status).toBe(400);
    expect(relay.seen).toEqual([]);
  });
});

describe('boleto (Brazil)', () => {
  it('prepares a BRL PA checkout and draws the widget with the slip brand only, at the shop price in reais', async () => {
    const response = await fetch(`${shop.url}/checkout/boleto`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/pay?checkoutId=${encodeURIComponent(checkoutId)}&offer=boleto`);
    expect(Object.fromEntries(new URLSearchParams(relay.seen[0]?.body))).toMatchObject({ amount: '249.00', currency: 'BRL', paymentType: 'PA' });
    const html = await (await fetch(`${shop.url}${response.headers.get('location')}`)).text();
    expect(html).toContain('data-brands="BOLETO"');
    expect(html).toMatch(/R\$\s249,00/);
    expect((await fetch(`${shop.url}/pay?checkoutId=${encodeURIComponent(checkoutId)}&offer=cash`)).status).toBe(400);
    expect(await (await fetch(`${shop.url}/`)).text()).toMatch(/<form method="post" action="\/checkout\/boleto">\s*<button[^>]*>Pay with boleto \(Brazil\)<\/button>/);
  });

  it('shows a slip issued but not paid (000.100.112 with its page as redirect) as pending, and reads it again until it is paid', async () => {
    const id = 'A0000000000000000000000000000099.uat01-vm-tx04';
    const slip = paidStatus({ paymentType: 'PA', paymentBrand: 'BOLETO', amount: '249.00', currency: 'BRL', card: undefined, result: { code: '000.100.112', description: "Request successfully processed in 'Merchant in Connector Test Mode'" } });
    relay.statusAnswer = { status: 200, json: { ...slip, redirect: { url: `${relay.url}/v1/vouchers/x`, method: 'GET', parameters: [] } } };
    expect(await (await fetch(resultUrl(id))).text()).toContain('data-outcome="pending"');
    relay.statusAnswer = { status: 200, json: { ...slip, result: { code: '000.000.000', description: 'Transaction succeeded' } } };
    expect(await (await fetch(resultUrl(id))).text()).toContain('data-outcome="success"');
    expect(relay.seen).toHaveLength(2);
  });
});
