import { describe, expect, it } from 'vitest';
import { isFrameToHost, isHostToFrame, LIMITS, TAG } from './messages.js';

const channel = '0123456789abcdef0123456789abcdef';
const env = { tag: TAG, channel };
const hostEnv = { ...env, key: 'ffeeddccbbaa99887766554433221100' };

const config = {
  ...hostEnv,
  type: 'config',
  field: 'cardNumber',
  brands: ['VISA', 'MASTER'],
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
  placeholderStyle: { color: 'red' },
};

describe('isHostToFrame', () => {
  it('accepts every host message in its exact shape', () => {
    expect(isHostToFrame(config)).toBe(true);
    expect(isHostToFrame({ ...hostEnv, type: 'brand', brand: null })).toBe(true);
    expect(isHostToFrame({ ...hostEnv, type: 'focus' })).toBe(true);
    expect(isHostToFrame({ ...hostEnv, type: 'invalid', invalid: true })).toBe(true);
    expect(isHostToFrame({ ...hostEnv, type: 'invalid', invalid: true, error: 'Invalid CVV' })).toBe(true);
    expect(isHostToFrame({ ...hostEnv, type: 'invalid', invalid: true, error: 42 })).toBe(false);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'payment', withCvv: true, stored: false, fields: [['card.holder', 'Jane']] })).toBe(true);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'transactionData', withCvv: false, stored: true, fields: [['registrationId', 'r']] })).toBe(true);
    // enableSAQACompliance: the expiry and holder frames are configured, and the payment gathers them.
    expect(isHostToFrame({ ...config, field: 'expiry' })).toBe(true);
    expect(isHostToFrame({ ...config, field: 'cardHolder' })).toBe(true);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'payment', withCvv: true, stored: false, framedExpiry: true, fields: [] })).toBe(true);
  });

  it('has no message that reads or writes a card value', () => {
    for (const type of ['getValue', 'get', 'value', 'setValue', 'set', 'cvv', 'number']) {
      expect(isHostToFrame({ ...hostEnv, type, field: 'cardNumber', value: '4200000000000000' })).toBe(false);
    }
  });

  it('drops foreign, malformed and oversized messages', () => {
    expect(isHostToFrame(null)).toBe(false);
    expect(isHostToFrame('{"type":"focus"}')).toBe(false);
    expect(isHostToFrame({ ...config, tag: 'other' })).toBe(false);
    expect(isHostToFrame({ ...config, channel: 'short' })).toBe(false);
    expect(isHostToFrame({ ...config, channel: channel.toUpperCase() })).toBe(false);
    expect(isHostToFrame({ ...config, key: undefined })).toBe(false);
    expect(isHostToFrame({ ...config, key: 'short' })).toBe(false);
    expect(isHostToFrame({ ...config, field: 'card.number' })).toBe(false);
    expect(isHostToFrame({ ...config, dir: 'auto' })).toBe(false);
    expect(isHostToFrame({ ...config, checkDate: 'yes' })).toBe(false);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'payment', withCvv: true, stored: false, framedExpiry: 1, fields: [] })).toBe(false);
    expect(isHostToFrame({ ...config, brands: ['visa<script>'] })).toBe(false);
    expect(isHostToFrame({ ...config, placeholderStyle: { color: { nested: 1 } } })).toBe(false);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'https://evil.example/', withCvv: true, stored: false, fields: [] })).toBe(false);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'payment', withCvv: true, stored: false, fields: [['a']] })).toBe(false);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'payment', withCvv: true, stored: false, fields: [['a', 'x'.repeat(LIMITS.value + 1)]] })).toBe(false);
    const many = Array.from({ length: LIMITS.list + 1 }, (_, i) => [`f${i}`, 'v']);
    expect(isHostToFrame({ ...hostEnv, type: 'pay', action: 'payment', withCvv: true, stored: false, fields: many })).toBe(false);
    expect(isHostToFrame([config])).toBe(false);
  });

  it('rejects objects that are not plain (class instances, arrays)', () => {
    class Fake {
      tag = TAG;
      channel = channel;
      key = hostEnv.key;
      type = 'focus';
    }
    expect(isHostToFrame(new Fake())).toBe(false);
    expect(isHostToFrame(Object.assign(Object.create(null) as object, { ...hostEnv, type: 'focus' }))).toBe(true);
  });
});

describe('isFrameToHost', () => {
  const state = { ...env, type: 'state', field: 'cvv', empty: false, valid: true, focused: true, brand: null, detected: [] };
  it('accepts frame messages', () => {
    expect(isFrameToHost({ ...env, type: 'ready', field: 'cardNumber' })).toBe(true);
    expect(isFrameToHost(state)).toBe(true);
    expect(isFrameToHost({ ...env, type: 'enter', field: 'cvv' })).toBe(true);
    expect(isFrameToHost({ ...state, field: 'expiry' })).toBe(true);
    expect(isFrameToHost({ ...env, type: 'failure', reason: 'invalid', fields: ['expiry', 'cardHolder'], message: 'x' })).toBe(true);
    expect(
      isFrameToHost({
        ...env,
        type: 'outcome',
        status: 200,
        code: '000.100.110',
        description: 'ok',
        paymentId: 'p1',
        redirectUrl: null,
        resultUrl: 'https://shop.example/r?id=1',
        parameterErrors: [{ name: 'card.cvv', message: 'bad' }],
        timestamp: '2026-11-25 12:00:00+0000',
        buildNumber: 'b1',
      }),
    ).toBe(true);
    expect(isFrameToHost({ ...env, type: 'failure', reason: 'invalid', fields: ['cvv'], message: 'x' })).toBe(true);
  });
  it('drops what a frame may not say', () => {
    expect(isFrameToHost({ ...state, valid: 'true' })).toBe(false);
    expect(isFrameToHost({ ...state, detected: ['visa'] })).toBe(false);
    expect(isFrameToHost({ ...env, type: 'ready', field: 'iban' })).toBe(false);
    expect(isFrameToHost({ ...env, type: 'failure', reason: 'other', fields: [], message: '' })).toBe(false);
    expect(isFrameToHost({ ...env, type: 'config' })).toBe(false);
  });
});
