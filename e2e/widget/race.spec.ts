// W3 against a script that races the host: it runs before the widget's script tag, watches the
// whole document with a MutationObserver (attributes with their old values, added nodes), reads
// every hand-over it can find on script elements, and posts 'config', 'pay', 'setValue', 'brand'
// and 'invalid' to every frame on the page as soon as an iframe appears, whenever a frame says
// 'ready' (its listener runs before the widget's own), and again and again until the shopper pays,
// with guessed keys, with the channel ids the frames announce, and with every 32-hex string it saw.
// Before the host's key reached the frames in their URL, a frame took the first config it got and
// pinned that sender's key: such a script would have configured and driven the card frames.
// The real key is read from inside the frames (their navigation entry), through Playwright.

import { expect, futureExpiry, test, testCards } from '../fixtures.js';
import { collectPaymentPosts } from '../support/payment-posts.js';

/** Card-field labels of this page's options: the frames show them once the host's config is in. */
const LABELS = { cardNumber: 'Card Number (shop)', cvv: 'CVV (shop)' };
const HOLDER = 'Jane Doe';

interface Variant {
  title: string;
  /** The script drops the loader's hand-over (discard) as soon as it finds it. */
  discard: boolean;
  /** The browser has no Element.moveBefore: the main script makes the frames. */
  noMoveBefore: boolean;
}

interface Race {
  /** Everything the script could read: attribute values and old values, messages, hand-over probes, the final DOM. */
  seen: string[];
  channels: string[];
  /** Results of every claim() the script made on a hand-over it found. */
  claims: unknown[];
  discarded: number;
  posted: number;
  attack(): void;
  /** Reads the page once more (DOM, resource entries, iframes) and stops the repeated attacks. */
  finish(): void;
}

/** The racing script; runs in the page, before the loader's script tag. */
function raceTheHost(v: Variant): void {
  const w = window as unknown as { race: Race; wpwl?: unknown };
  if (v.noMoveBefore) delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
  const race: Race = { seen: [], channels: [], claims: [], discarded: 0, posted: 0, attack, finish };
  w.race = race;
  const keys = new Set(['0'.repeat(32), 'f'.repeat(32)]);
  let stopped = false;

  function note(x: unknown): void {
    let text: string;
    try {
      text = typeof x === 'string' ? x : (JSON.stringify(x, (_, value: unknown) => (value instanceof Element ? `<${value.tagName}>` : value)) ?? String(x));
    } catch {
      text = String(x);
    }
    race.seen.push(text);
    for (const hex of text.match(/[0-9a-f]{32}/g) ?? []) keys.add(hex);
  }

  function attack(): void {
    const targets = new Set<Window>();
    for (const f of Array.from(document.querySelectorAll('iframe'))) if (f.contentWindow) targets.add(f.contentWindow);
    for (let i = 0; i < window.frames.length; i++) targets.add(window.frames[i]!);
    const messages: unknown[] = [];
    for (const channel of [...race.channels, 'e'.repeat(32)]) {
      for (const key of keys) {
        const base = { tag: 'wpwl/1', channel, key };
        for (const field of ['cardNumber', 'cvv']) {
          messages.push(
            { ...base, type: 'config', field, brands: ['JCB'], brand: 'JCB', detection: false, priority: [], label: 'HIJACKED', placeholder: 'HIJACKED', lang: 'xx', dir: 'rtl', mask: true, allowEmpty: true, placeholderStyle: { color: 'rgb(1, 2, 3)' } },
            { ...base, type: 'setValue', field, value: '4111111111111111' },
          );
        }
        messages.push(
          { ...base, type: 'pay', action: 'payment', withCvv: true, fields: [['card.holder', 'spoof']] },
          { ...base, type: 'brand', brand: 'JCB' },
          { ...base, type: 'invalid', invalid: true },
        );
      }
    }
    for (const target of targets) {
      for (const m of messages) {
        try {
          target.postMessage(m, '*');
          race.posted++;
        } catch {
          // A window that went away meanwhile.
        }
      }
    }
  }

  function readIframe(f: HTMLIFrameElement): void {
    note(f.src);
    try {
      note(f.contentWindow?.location.href);
    } catch {
      // Cross-origin by now: nothing to read.
    }
  }

  /** Whatever a hand-over on a script element offers: its properties, a claim, a discard. */
  function probe(script: Element): void {
    for (const name of Object.getOwnPropertyNames(script)) {
      const value = (script as unknown as Record<string, unknown>)[name];
      note(name);
      note(value);
      if (typeof value !== 'object' || value === null) continue;
      const found = value as { claim?: () => unknown; discard?: () => void };
      if (typeof found.claim === 'function') {
        const got = found.claim();
        race.claims.push(got);
        note(got);
      }
      if (v.discard && typeof found.discard === 'function') {
        found.discard();
        race.discarded++;
      }
      try {
        Object.defineProperty(script, name, { value: { claim: () => null } });
        note('replaced the hand-over');
      } catch {
        // Not replaceable.
      }
    }
  }

  function readNode(node: Node): void {
    if (!(node instanceof Element)) return;
    for (const el of [node, ...Array.from(node.querySelectorAll('*'))]) {
      for (const a of Array.from(el.attributes)) note(`${a.name}=${a.value}`);
      if (el instanceof HTMLIFrameElement) readIframe(el);
      if (el instanceof HTMLScriptElement) probe(el);
    }
  }

  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') note(`${r.attributeName}: ${r.oldValue} -> ${(r.target as Element).getAttribute(r.attributeName!)}`);
      for (const n of Array.from(r.addedNodes)) readNode(n);
    }
    attack();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true });

  addEventListener('message', (e) => {
    note(e.data);
    const d = e.data as { type?: unknown; channel?: unknown } | null;
    if (d && d.type === 'ready' && typeof d.channel === 'string' && !race.channels.includes(d.channel)) race.channels.push(d.channel);
    attack();
  });

  // The main script calls wpwl.unload() while it is the current script: try to claim from there.
  w.wpwl = {
    unload: () => {
      for (const s of Array.from(document.scripts)) probe(s);
    },
  };

  const again = () => {
    if (stopped) return;
    attack();
    setTimeout(again, 20);
  };
  again();

  function finish(): void {
    stopped = true;
    for (const s of Array.from(document.scripts)) probe(s);
    for (const f of Array.from(document.querySelectorAll('iframe'))) readIframe(f);
    for (const e of performance.getEntries()) note(e.name);
    note(document.documentElement.outerHTML);
  }
}

const VARIANTS: Variant[] = [
  { title: "the loader's frames, whose hand-over the script cannot claim", discard: false, noMoveBefore: false },
  { title: "the script drops the loader's frames: the main script makes new ones with a new key", discard: true, noMoveBefore: false },
  { title: 'no Element.moveBefore: the main script makes the frames', discard: false, noMoveBefore: true },
];

for (const variant of VARIANTS) {
  test(`W3 race: a script that races the host never learns the key nor drives a frame (${variant.title})`, async ({ merchantPage, page }) => {
    // Every key a frame was sent with, as the browser navigated the frames (never visible to the page).
    const sent = new Set<string>();
    page.on('framenavigated', (f) => {
      const m = /#[0-9a-f]{32}\.([0-9a-f]{32})$/.exec(f.url());
      if (m) sent.add(m[1]!);
    });
    const posts = collectPaymentPosts(page);

    const shop = await merchantPage.open('basic', {
      head: `<script>(${raceTheHost.toString()})(${JSON.stringify(variant)});</script>`,
      options: `window.wpwlOptions = { labels: ${JSON.stringify(LABELS)} };`,
    });
    // Named by the page's labels: the frames took the host's config, and no other before it.
    const form = shop.cardForm({ labels: { cardNumber: LABELS.cardNumber, cvv: LABELS.cvv } });
    await form.waitUntilReady();
    await expect(form.cardNumberInput).toHaveAttribute('placeholder', LABELS.cardNumber);
    await expect(form.cvvInput).toHaveAttribute('type', 'text');
    await expect(form.cardNumberFrame.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(form.cardNumberInput).toHaveValue('');

    await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: HOLDER });
    await page.evaluate(() => (window as unknown as { race: Race }).race.attack());

    // The key, from inside the card frames: both have the same, it is one the browser navigated
    // them with, and it is no longer in their URL.
    const cardFrames = page.frames().filter((f) => f.url().includes('/frame?field='));
    expect(cardFrames).toHaveLength(2);
    const inside = await Promise.all(
      cardFrames.map((f) => f.evaluate(() => ({ navigated: performance.getEntriesByType('navigation')[0]!.name, now: location.href }))),
    );
    const keys = inside.map(({ navigated }) => /#[0-9a-f]{32}\.([0-9a-f]{32})$/.exec(navigated)?.[1]);
    const key = keys[0]!;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(key);
    expect([...sent]).toContain(key);
    for (const { now } of inside) expect(now).not.toContain('#');

    await page.evaluate(() => (window as unknown as { race: Race }).race.finish());
    const race = await page.evaluate(() => {
      const r = (window as unknown as { race: Race }).race;
      return { seen: r.seen, channels: r.channels, claims: r.claims, discarded: r.discarded, posted: r.posted };
    });
    // The script did see the frames, their channel ids and the hand-over, and attacked with them...
    const everything = race.seen.join('\n');
    expect(everything).toContain('name=card.number');
    expect(race.channels.length).toBeGreaterThan(0);
    expect(race.posted).toBeGreaterThan(0);
    expect(race.claims.length).toBeGreaterThan(0);
    expect(race.claims.filter((c) => c !== null)).toEqual([]);
    if (variant.discard) expect(race.discarded).toBeGreaterThan(0);
    // ...and never anything holding a key a frame was sent with.
    for (const k of new Set([key, ...sent])) expect(everything).not.toContain(k);

    // Nothing was paid before the shopper asked; the payment made is the shopper's.
    expect(posts).toEqual([]);
    await form.pay();
    const { id } = await shop.waitForResult();
    expect(id).toBe(shop.checkoutId);
    expect(posts).toHaveLength(1);
    expect(new URLSearchParams(posts[0]!.postData() ?? '').get('card.holder')).toBe(HOLDER);
  });
}
