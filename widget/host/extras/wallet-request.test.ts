import { describe, expect, it } from 'vitest';
import { walletRequest, walletToken } from './wallet-request.js';

describe('walletRequest', () => {
  it("merges the merchant's applePay option into Apple Pay's method data; the total is the checkout's, labelled by the option", () => {
    const { methods, details } = walletRequest('APPLEPAY', { merchantIdentifier: 'merchant.com.shop', countryCode: 'DE', supportedNetworks: ['visa'], total: { label: 'Shop', amount: '1.00' } }, '49.90', 'EUR', 'shop.example');
    expect(methods).toEqual([
      { supportedMethods: 'https://apple.com/apple-pay', data: { version: 3, merchantCapabilities: ['supports3DS'], supportedNetworks: ['visa'], merchantIdentifier: 'merchant.com.shop', countryCode: 'DE' } },
    ]);
    expect(details).toEqual({ total: { label: 'Shop', amount: { currency: 'EUR', value: '49.90' } } });
  });

  it('gives Google Pay its defaults, displayName or the page host as the label, and ignores an option that is not an object', () => {
    const own = walletRequest('GOOGLEPAY', { merchantInfo: { merchantId: 'BCR2' }, displayName: 'My shop' }, '5.00', 'USD', 'shop.example');
    expect(own.methods[0]).toMatchObject({ supportedMethods: 'https://google.com/pay', data: { apiVersion: 2, merchantInfo: { merchantId: 'BCR2' } } });
    expect(own.details.total.label).toBe('My shop');
    const none = walletRequest('GOOGLEPAY', 'yes', '5.00', 'USD', 'shop.example');
    expect(none.details.total).toEqual({ label: 'shop.example', amount: { currency: 'USD', value: '5.00' } });
  });
});

describe('walletToken', () => {
  it("takes Apple Pay's paymentData, Google Pay's tokenization token, else the details", () => {
    expect(JSON.parse(walletToken({ token: { paymentData: { version: 'EC_v1', data: 'x' }, paymentMethod: {} } }))).toEqual({ version: 'EC_v1', data: 'x' });
    expect(walletToken({ apiVersion: 2, paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{"signedMessage":"s"}' } } })).toBe('{"signedMessage":"s"}');
    expect(walletToken({ other: 1 })).toBe('{"other":1}');
  });
});
