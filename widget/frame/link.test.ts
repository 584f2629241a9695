import { describe, expect, it } from 'vitest';
import { TAG } from '../protocol/messages.js';
import { admit, type AdmitContext } from './link.js';

const channel = '00112233445566778899aabbccddeeff';
const key = 'ffeeddccbbaa99887766554433221100';
const parent = { parent: true };
const shop = 'https://shop.example';
const ctx: AdmitContext = { identity: { checkoutId: 'c1', field: 'cardNumber', channel, key }, parent, ancestorOrigin: undefined };
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
  checkDate: true,
  placeholderStyle: {},
};
const pay = { tag: TAG, channel, key, type: 'pay', action: 'payment', withCvv: true, stored: false, fields: [] };
const otherKey = '0123456789abcdef0123456789abcdef';

describe('admit (frame side of the channel)', () => {
  it('takes the config with its key from the parent window and pins the host origin for replies', () => {
    expect(admit(null, { origin: shop, source: parent, data: config }, ctx)).toEqual({ msg: config, origin: shop });
    expect(admit(shop, { origin: shop, source: parent, data: pay }, ctx)?.msg.type).toBe('pay');
  });

  it('drops a first config without the key the frame started with: nobody pins the frame by being first', () => {
    expect(admit(null, { origin: shop, source: parent, data: { ...config, key: otherKey } }, ctx)).toBeNull();
    expect(admit(null, { origin: shop, source: parent, data: { ...config, key: channel } }, ctx)).toBeNull();
    expect(admit(null, { origin: shop, source: parent, data: { ...config, key: undefined } }, ctx)).toBeNull();
    expect(admit(null, { origin: shop, source: parent, data: { ...config, key: key.toUpperCase() } }, ctx)).toBeNull();
    // ...after which the host's own config is still the one that counts.
    expect(admit(null, { origin: shop, source: parent, data: config }, ctx)?.origin).toBe(shop);
  });

  it('accepts nothing but a config first, even with the key', () => {
    expect(admit(null, { origin: shop, source: parent, data: pay }, ctx)).toBeNull();
  });

  it('drops a config for the other field, from another window, or from origin "null"', () => {
    expect(admit(null, { origin: shop, source: parent, data: { ...config, field: 'cvv' } }, ctx)).toBeNull();
    expect(admit(null, { origin: shop, source: { other: true }, data: config }, ctx)).toBeNull();
    expect(admit(null, { origin: 'null', source: parent, data: config }, ctx)).toBeNull();
  });

  it('once configured: other origins, channels, keys and a second config are dropped', () => {
    expect(admit(shop, { origin: 'https://evil.example', source: parent, data: pay }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: { ...pay, channel: key } }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: { ...pay, key: otherKey } }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: { ...pay, key: undefined } }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: config }, ctx)).toBeNull();
    expect(admit(shop, { origin: shop, source: parent, data: { ...pay, type: 'getValue' } }, ctx)).toBeNull();
  });

  it('uses the browser-reported parent origin where there is one', () => {
    const strict = { ...ctx, ancestorOrigin: shop };
    expect(admit(null, { origin: 'https://evil.example', source: parent, data: config }, strict)).toBeNull();
    expect(admit(null, { origin: shop, source: parent, data: config }, strict)?.origin).toBe(shop);
    expect(admit(null, { origin: 'null', source: parent, data: config }, { ...ctx, ancestorOrigin: 'null' })).toBeNull();
  });
});
