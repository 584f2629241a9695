import { describe, expect, it } from 'vitest';
import { TAG } from '../protocol/messages.js';
import { admit, type AdmitContext, type Pinned } from './link.js';

const channel = '00112233445566778899aabbccddeeff';
const key = 'ffeeddccbbaa99887766554433221100';
const parent = { parent: true };
const shop = 'https://shop.example';
const pinned: Pinned = { origin: shop, key };
const ctx: AdmitContext = { identity: { checkoutId: 'c1', field: 'cardNumber', channel }, parent, ancestorOrigin: undefined };
const config = {
  tag: TAG,
  channel,
  key,
  type: 'config',
  field: 'cardNumber',
  brands: ['VISA'],
  brand: 'VISA',
  detection: true,
  priority: [],
  label: 'Card Number',
  placeholder: 'Card Number',
  lang: 'en',
  dir: 'ltr',
  mask: false,
  allowEmpty: false,
  placeholderStyle: {},
};
const pay = { tag: TAG, channel, key, type: 'pay', action: 'payment', withCvv: true, fields: [] };

describe('admit (frame side of the channel)', () => {
  it('pins the host origin and key with the first config from the parent window', () => {
    const got = admit(null, { origin: shop, source: parent, data: config }, ctx);
    expect(got?.pinned).toEqual(pinned);
    expect(admit(pinned, { origin: shop, source: parent, data: pay }, ctx)?.msg.type).toBe('pay');
  });

  it('accepts nothing but a config before anything is pinned', () => {
    expect(admit(null, { origin: shop, source: parent, data: pay }, ctx)).toBeNull();
  });

  it('drops a config for the other field, from another window, or from origin "null"', () => {
    expect(admit(null, { origin: shop, source: parent, data: { ...config, field: 'cvv' } }, ctx)).toBeNull();
    expect(admit(null, { origin: shop, source: { other: true }, data: config }, ctx)).toBeNull();
    expect(admit(null, { origin: 'null', source: parent, data: config }, ctx)).toBeNull();
  });

  it('once pinned: other origins, channels, keys and a second config are dropped', () => {
    expect(admit(pinned, { origin: 'https://evil.example', source: parent, data: pay }, ctx)).toBeNull();
    expect(admit(pinned, { origin: shop, source: parent, data: { ...pay, channel: key } }, ctx)).toBeNull();
    // Another script on the page knows the channel (it is in the iframe's src) but not the key.
    expect(admit(pinned, { origin: shop, source: parent, data: { ...pay, key: channel } }, ctx)).toBeNull();
    expect(admit(pinned, { origin: shop, source: parent, data: { ...pay, key: undefined } }, ctx)).toBeNull();
    expect(admit(pinned, { origin: shop, source: parent, data: config }, ctx)).toBeNull();
    expect(admit(pinned, { origin: shop, source: parent, data: { ...pay, type: 'getValue' } }, ctx)).toBeNull();
  });

  it('uses the browser-reported parent origin where there is one', () => {
    const strict = { ...ctx, ancestorOrigin: shop };
    expect(admit(null, { origin: 'https://evil.example', source: parent, data: config }, strict)).toBeNull();
    expect(admit(null, { origin: shop, source: parent, data: config }, strict)?.pinned.origin).toBe(shop);
  });
});
