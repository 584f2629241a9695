import { describe, expect, it } from 'vitest';
import { frameIdentity, frameUrl } from './frame-url.js';

const keys = { channel: 'fedcba9876543210fedcba9876543210', key: '00112233445566778899aabbccddeeff' };
const id = '8a8294174b7ecb28014b9699220015ca.uat01-vm-tx04';

describe('frame URL and identity', () => {
  it('round-trips checkout, field, channel and key', () => {
    const url = new URL(frameUrl('https://relay.example/pay', id, 'cvv', keys));
    expect(url.href).toBe(`https://relay.example/pay/v1/checkouts/${id}/frame?field=cvv#${keys.channel}.${keys.key}`);
    expect(frameIdentity(url, 'card.cvv')).toEqual({ checkoutId: id, field: 'cvv', ...keys });
  });
  it('refuses a frame whose name, field, channel or key do not agree', () => {
    const url = new URL(frameUrl('https://relay.example', id, 'cardNumber', keys));
    const at = (hash: string) => ({ pathname: url.pathname, search: url.search, hash });
    expect(frameIdentity(url, 'card.cvv')).toBeNull();
    expect(frameIdentity(url, '')).toBeNull();
    expect(frameIdentity({ ...at(url.hash), search: '?field=holder' }, 'card.number')).toBeNull();
    expect(frameIdentity(at('#nothex'), 'card.number')).toBeNull();
    // Without the key (as the frame's URL reads once the frame has taken it out), or with more.
    expect(frameIdentity(at(`#${keys.channel}`), 'card.number')).toBeNull();
    expect(frameIdentity(at(`#${keys.channel}.`), 'card.number')).toBeNull();
    expect(frameIdentity(at(''), 'card.number')).toBeNull();
    expect(frameIdentity(at(`${url.hash}.${keys.key}`), 'card.number')).toBeNull();
    expect(frameIdentity({ ...at(url.hash), pathname: '/v1/checkouts/x/other' }, 'card.number')).toBeNull();
  });
});
