import { describe, expect, it } from 'vitest';
import { TAG } from '../protocol/messages.js';
import { admit, type AdmitContext } from './link.js';

const channel = '00112233445566778899aabbccddeeff';
const parent = { parent: true };
const shop = 'https://shop.example';
const ctx: AdmitContext = { identity: { checkoutId: 'c1', field: 'cardNumber', channel }, parent, ancestorOrigin: undefined };
const config = {
  tag: TAG,
  channel,
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
const pay = { tag: TAG, channel, type: 'pay', action: 'payment', withCvv: true, fields: [] };

describe('admit (frame side of the channel)', () => {
  it('pins the host origin with the first config from the parent window', () => {
    const got = admit(null, { origin: shop, source: parent, data: config }, ctx);
    expect(got?.origin).toBe(shop);
    expect(admit(shop, { origin: shop, source: parent, data: pay }, ctx)?.msg.type).toBe('pay');
  });

  it('accepts nothing but a config before the origin is pinned', () => {
    expect(admit(null, { origin: shop, source: parent, data: pay }, ctx)).toBeNull();
  });

  it('drops a config for the other field, from another window, or from origin "null"', () => {
    expect(admit(null, { origin: shop, source: parent, data: { ...config, field: 'cvv' } }, ctx)).toBeNull();
    expect(admit(null, { origin: shop, source: { other: true }, data: config }, ctx)).toBeNull();
    expect(admit(null, { origin: 'null', source: parent, data: config }, ctx)).toBeNull();
  });

  it('once pinned: other origins, other channels and a second config are dropped', () => {
    expect(admit(shop, { origin: 'https://evil.example', source: parent, data: pay }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: { ...pay, channel: 'ffeeddccbbaa99887766554433221100' } }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: config }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: { ...pay, type: 'getValue' } }, ctx)).toBeNull();
  });

  it('uses the browser-reported parent origin where there is one', () => {
    const strict = { ...ctx, ancestorOrigin: shop };
    expect(admit(null, { origin: 'https://evil.example', source: parent, data: config }, strict)).toBeNull();
    expect(admit(null, { origin: shop, source: parent, data: config }, strict)?.origin).toBe(shop);
  });
});
