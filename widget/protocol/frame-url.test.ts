import { describe, expect, it } from 'vitest';
import { frameIdentity, frameUrl } from './frame-url.js';

const channel = 'fedcba9876543210fedcba9876543210';
const id = '8a8294174b7ecb28014b9699220015ca.uat01-vm-tx04';

describe('frame URL and identity', () => {
  it('round-trips checkout, field and channel', () => {
    const url = new URL(frameUrl('https://relay.example/pay', id, 'cvv', channel));
    expect(url.href).toBe(`https://relay.example/pay/v1/checkouts/${id}/frame?field=cvv#${channel}`);
    expect(frameIdentity(url, 'card.cvv')).toEqual({ checkoutId: id, field: 'cvv', channel });
  });
  it('refuses a frame whose name, field or channel do not agree', () => {
    const url = new URL(frameUrl('https://relay.example', id, 'cardNumber', channel));
    expect(frameIdentity(url, 'card.cvv')).toBeNull();
    expect(frameIdentity(url, '')).toBeNull();
    expect(frameIdentity({ ...url, pathname: url.pathname, search: '?field=holder', hash: url.hash }, 'card.number')).toBeNull();
    expect(frameIdentity({ pathname: url.pathname, search: url.search, hash: '#nothex' }, 'card.number')).toBeNull();
    expect(frameIdentity({ pathname: '/v1/checkouts/x/other', search: url.search, hash: url.hash }, 'card.number')).toBeNull();
  });
});
