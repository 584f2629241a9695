// Widget isolation (docs/security-cases.md W1–W8) with the merchant page and the relay on two origins.

import { expect, futureExpiry, strictCsp, test, testCards } from '../fixtures.js';
import { collectPaymentPosts } from '../support/payment-posts.js';

/** A page script that notes the channel ids the card frames announce in their 'ready' (they are not secret). */
const collectChannels =
  '<script>window.channels = []; addEventListener("message", function (e) { var d = e.data; if (d && d.type === "ready" && typeof d.channel === "string") channels.push(d.channel); });</script>';
const channelsSeen = () => (window as unknown as { channels: string[] }).channels;
const CVV = '739';

/**
 * Whether `text` holds `value` as a value of its own (a form field, a parameter, a JSON string, a
 * text node), not as a run of characters inside a longer token. Checkout and channel ids (hex, with
 * a dotted suffix), integrity hashes and nonces (base64), ports and random paths are all longer than
 * the card values and made of letters, digits and + / = . - only, so a CVV or card number that
 * happens to occur inside one of them always has one of those characters next to it, and is not a
 * match: the check cannot fail by chance, whatever ids a run happens to draw.
 */
function holds(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w+/.-])${escaped}(?![\\w+/=.-])`).test(text);
}

test('W1: a script on the merchant page cannot read the card frames, nor see keys typed in them', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  const reads = await page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe.wpwl-control-cardNumber')!;
    let windowReadable = true;
    try {
      void frame.contentWindow!.document;
    } catch {
      windowReadable = false;
    }
    const w = window as unknown as { seen: string[] };
    w.seen = [];
    for (const type of ['keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'paste', 'change']) {
      window.addEventListener(type, () => w.seen.push(type), true);
      document.addEventListener(type, () => w.seen.push(type), true);
    }
    return { documentReadable: frame.contentDocument !== null, windowReadable };
  });
  expect(reads).toEqual({ documentReadable: false, windowReadable: false });
  await form.cardNumberInput.pressSequentially(testCards.visa);
  await form.cvvInput.pressSequentially(CVV);
  await expect(form.cardNumberInput).toHaveValue('4200 0000 0000 0000');
  await expect(form.cvvInput).toHaveValue(CVV);
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
});

test('W2: card number and CVV leave the browser only from relay-origin frames to the relay', async ({ merchantPage, page, relay }) => {
  const carriers: Array<{ url: string; frame: string; body: string }> = [];
  page.on('request', (r) => {
    const text = `${r.url()} ${r.postData() ?? ''}`;
    if (holds(text, testCards.visa) || holds(text, CVV)) carriers.push({ url: r.url(), frame: r.frame().url(), body: r.postData() ?? '' });
  });
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await page.evaluate(() => {
    const w = window as unknown as { posted: string[] };
    w.posted = [];
    window.addEventListener('message', (e) => w.posted.push(JSON.stringify(e.data)));
  });
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: CVV, holder: 'Jane Doe' });
  const merchantView = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    values: Array.from(document.querySelectorAll('input, select, textarea'), (el) => (el as HTMLInputElement).value),
    posted: (window as unknown as { posted: string[] }).posted,
  }));
  for (const text of [merchantView.html, ...merchantView.values, ...merchantView.posted]) {
    expect(holds(text, testCards.visa), text).toBe(false);
    expect(holds(text, '4200 0000'), text).toBe(false);
    expect(holds(text, CVV), text).toBe(false);
  }
  await form.pay();
  await shop.waitForResult();
  expect(carriers).toHaveLength(1);
  const sent = new URLSearchParams(carriers[0]!.body);
  expect([sent.get('card.number'), sent.get('card.cvv')]).toEqual([testCards.visa, CVV]);
  expect(new URL(carriers[0]!.url).origin).toBe(relay.url);
  expect(new URL(carriers[0]!.frame).origin).toBe(relay.url);
});

test('W2: the leak check finds card values of their own, never inside an id, a hash or a port', () => {
  const id = `8a8294174b7ecb28014b9739220015ca.uat01-vm-tx04`;
  for (const text of [`/v1/checkouts/${id}/widget`, `"${CVV}0ab4c"`, `sha384-${CVV}Zf+/`, `x/${CVV}`, `localhost:3${CVV}`, `a=1.${CVV}`]) {
    expect(holds(text, CVV), text).toBe(false);
  }
  for (const text of [`card.cvv=${CVV}&x=1`, `{"cvv":"${CVV}"}`, `value="${CVV}"`, `>${CVV}<`, `${CVV}`]) expect(holds(text, CVV), text).toBe(true);
  expect(holds(`card.number=${testCards.visa}`, testCards.visa)).toBe(true);
  expect(holds(`value="4200 0000 0000 0000"`, '4200 0000')).toBe(true);
});

test('W3: spoofed, malformed, wrong-channel, "null"-origin and flooding messages are ignored', async ({ merchantPage, page, relay }) => {
  const posts = collectPaymentPosts(page);
  const shop = await merchantPage.open('basic', { head: collectChannels });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: CVV });

  // From the merchant page itself: the channel id is in the frames' 'ready'; the host's key is nowhere.
  const [channel] = await page.evaluate(channelsSeen);
  expect(channel).toMatch(/^[0-9a-f]{32}$/);
  await page.evaluate(
    ({ channel, relay }) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.wpwl-control-cardNumber')!;
      const url = new URL(relay);
      const target = frame.contentWindow!;
      const base = { tag: 'wpwl/1', channel };
      const pay = { type: 'pay', action: 'payment', withCvv: false, fields: [['card.holder', 'spoof']] };
      const guessedKey = '0'.repeat(32);
      for (const message of [
        { ...base, ...pay },
        { ...base, ...pay, key: guessedKey },
        { ...base, ...pay, key: guessedKey, type: 'submit' },
        { ...base, key: guessedKey, type: 'getValue', field: 'cardNumber' },
        { ...base, key: guessedKey, type: 'setValue', field: 'cardNumber', value: '4111111111111111' },
        { ...base, key: guessedKey, type: 'config', field: 'cardNumber', brands: [], brand: null, detection: true, priority: [], label: 'x', placeholder: 'x', lang: 'en', dir: 'ltr', mask: false, allowEmpty: false, placeholderStyle: {} },
        { ...base, ...pay, channel: 'f'.repeat(32), key: guessedKey },
        '{"type":"pay"}',
        null,
        [base],
      ]) {
        target.postMessage(message, url.origin);
        target.postMessage(message, '*');
      }
      for (let i = 0; i < 2000; i++) target.postMessage({ ...base, ...pay, key: guessedKey, n: i }, '*');
    },
    { channel, relay: relay.url },
  );

  // From an opaque ("null") origin: a sandboxed frame handed the channel id.
  await page.evaluate(async (channel) => {
    const sandbox = document.createElement('iframe');
    sandbox.setAttribute('sandbox', 'allow-scripts');
    sandbox.srcdoc =
      '<script>onmessage=function(e){for(var i=0;i<parent.frames.length;i++){try{parent.frames[i].postMessage(' +
      "{tag:'wpwl/1',channel:e.data,key:'0'.repeat(32),type:'pay',action:'payment',withCvv:false,fields:[]},'*')}catch(x){}}" +
      "parent.postMessage('sandbox-done','*')}</script>";
    const done = new Promise<void>((resolve) => window.addEventListener('message', (e) => e.data === 'sandbox-done' && resolve()));
    await new Promise<void>((resolve) => {
      sandbox.onload = () => resolve();
      document.body.append(sandbox);
    });
    sandbox.contentWindow!.postMessage(channel, '*');
    await done;
  }, channel);

  await expect(form.payButton).toBeEnabled();
  await form.pay();
  await shop.waitForResult();
  expect(posts).toHaveLength(1);
  expect(new URLSearchParams(posts[0]!.postData() ?? '').get('card.holder')).not.toBe('spoof');
});

test('W5: the card-field page shows nothing at top level and carries a strict CSP', async ({ page, relay }) => {
  const checkoutId = await relay.prepareCheckout();
  const response = await page.goto(`${relay.url}/v1/checkouts/${checkoutId}/frame?field=cardNumber#${'ab'.repeat(16)}`);
  const csp = response!.headers()['content-security-policy'] ?? '';
  for (const directive of ["default-src 'none'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", 'frame-ancestors']) {
    expect(csp).toContain(directive);
  }
  expect(response!.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('body')).toBeAttached();
  await expect(page.locator('input, form')).toHaveCount(0);
});

test('W7: iframeStyles pass an allow-list inside the frame; nothing is fetched for them', async ({ merchantPage, page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          iframeStyles: {
            'card-number-placeholder': {
              color: 'rgb(200, 0, 0)',
              fontSize: '18px',
              background: 'url(https://evil.example/bg.png)',
              'font-family': 'x, url(https://evil.example/font)',
              'letter-spacing': '1px; background-image: url(https://evil.example/x.png)',
            },
          },
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(form.cardNumberInput).toHaveCSS('font-size', '14px');
  const placeholder = await form.cardNumberInput.evaluate((el) => {
    const s = getComputedStyle(el, '::placeholder');
    return { color: s.color, fontSize: s.fontSize, backgroundImage: s.backgroundImage, letterSpacing: s.letterSpacing };
  });
  // The smuggled letter-spacing was dropped whole: the placeholder keeps the input's own.
  const letterSpacing = await form.cardNumberInput.evaluate((el) => getComputedStyle(el).letterSpacing);
  expect(placeholder).toEqual({ color: 'rgb(200, 0, 0)', fontSize: '18px', backgroundImage: 'none', letterSpacing });
  expect(letterSpacing).not.toBe('1px');
  expect(fetched.filter((u) => u.includes('evil.example'))).toEqual([]);
});

test('W8: with integrity=true the loader passes SRI under a strict CSP, and the widget pays', async ({ merchantPage, relay }) => {
  const prepared = await relay.request('POST', '/v1/checkouts', {
    entityId: relay.credentials.entityId,
    amount: '10.00',
    currency: 'EUR',
    paymentType: 'DB',
    integrity: 'true',
  });
  const { id, integrity } = prepared.json as { id: string; integrity: string };
  expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  const shop = await merchantPage.open('basic', {
    checkoutId: id,
    scriptAttributes: { integrity, crossorigin: 'anonymous' },
    csp: strictCsp,
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  await shop.waitForResult();
  expect(shop.errors).toEqual([]);
});

test('W8: a loader that does not match its integrity is refused', async ({ merchantPage, page, relay }) => {
  const checkoutId = await relay.prepareCheckout();
  const refused = page.waitForEvent('console', (m) => m.type() === 'error' && /integrity/i.test(m.text()));
  await merchantPage.open('basic', {
    checkoutId,
    scriptAttributes: { integrity: `sha384-${'A'.repeat(64)}`, crossorigin: 'anonymous' },
  });
  await refused;
  await expect(page.locator('.wpwl-container')).toHaveCount(0);
  expect(await page.evaluate(() => 'wpwl' in window)).toBe(false);
});
