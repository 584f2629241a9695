// The address guard (A8): which addresses are private, in every spelling a resolver or a URL
// parser produces, and the lookup hook that refuses them on the address actually connected to.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress, isPrivateHost, PrivateAddressError, type ResolveAll } from '../../src/webhooks/address-guard.js';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1'], ['127.255.255.254'], ['10.0.0.0'], ['10.255.255.255'], ['172.16.0.0'], ['172.31.255.255'],
    ['192.168.0.1'], ['169.254.169.254'], ['0.0.0.0'], ['0.255.255.255'], ['100.64.0.0'], ['100.127.255.255'],
    ['::1'], ['::'], ['fc00::1'], ['fdff:ffff::1'], ['fe80::1'], ['febf::1'], ['fe80::1%eth0'],
    ['::ffff:127.0.0.1'], ['::ffff:7f00:1'], ['::ffff:10.1.2.3'], ['::ffff:a9fe:a9fe'],
  ])('%s is private', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    ['8.8.8.8'], ['1.1.1.1'], ['9.255.255.255'], ['11.0.0.0'], ['172.15.255.255'], ['172.32.0.0'], ['192.167.255.255'],
    ['192.169.0.0'], ['169.253.255.255'], ['100.63.255.255'], ['100.128.0.0'], ['128.0.0.1'], ['1.0.0.0'],
    ['2001:4860:4860::8888'], ['::2'], ['fec0::1'], ['fbff::1'], ['::ffff:8.8.8.8'],
  ])('%s is public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it('throws for a host name, so a name never passes for a checked address', () => {
    expect(() => isPrivateAddress('example.com')).toThrow(TypeError);
    expect(() => isPrivateAddress('')).toThrow(TypeError);
  });
});

describe('isPrivateHost', () => {
  it.each([['127.0.0.1'], ['[::1]'], ['[::ffff:7f00:1]'], ['localhost'], ['LOCALHOST.'], ['api.localhost']])('%s is private by its spelling', (host) => {
    expect(isPrivateHost(host)).toBe(true);
  });

  it.each([['example.com'], ['8.8.8.8'], ['[2001:db8::1]'], ['localhost.example.com']])('%s is left to the resolver check', (host) => {
    expect(isPrivateHost(host)).toBe(false);
  });
});

/** A resolver that answers every name with `addresses`, as a rebinding DNS server would. */
const resolvingTo = (...addresses: string[]): ResolveAll => (_hostname, _options, callback) =>
  callback(null, addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));

/** Runs a lookup hook once and reports what it called back with. */
function lookUp(allowPrivate: boolean, resolve: ResolveAll, all: boolean): Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }> {
  return new Promise((done) => guardedLookup(allowPrivate, resolve)('hooks.example', { all }, (err, address, family) => done({ err, address, family })));
}

describe('guardedLookup', () => {
  it('fails the connection when the name resolves to a private address (DNS rebinding)', async () => {
    const { err } = await lookUp(false, resolvingTo('10.0.0.7'), false);
    expect(err).toBeInstanceOf(PrivateAddressError);
    expect(err?.code).toBe('EPRIVATEADDRESS');
    expect(err?.message).toBe('hooks.example (10.0.0.7) is a private address, and this relay does not deliver webhooks to private addresses');
  });

  it('fails it when any one of several addresses is private', async () => {
    const { err } = await lookUp(false, resolvingTo('93.184.216.34', '::1'), true);
    expect(err).toBeInstanceOf(PrivateAddressError);
  });

  it('answers one address, or all of them, as net.connect asks', async () => {
    expect(await lookUp(false, resolvingTo('93.184.216.34', '2606:2800::1'), false)).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    const all = await lookUp(false, resolvingTo('93.184.216.34', '2606:2800::1'), true);
    expect(all.err).toBeNull();
    expect(all.address).toEqual([{ address: '93.184.216.34', family: 4 }, { address: '2606:2800::1', family: 6 }]);
  });

  it('lets private addresses through when the operator allows them', async () => {
    expect(await lookUp(true, resolvingTo('127.0.0.1'), false)).toEqual({ err: null, address: '127.0.0.1', family: 4 });
  });

  it("passes the resolver's own error on", async () => {
    const failing: ResolveAll = (_h, _o, callback) => callback(Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example'), { code: 'ENOTFOUND' }), []);
    const { err } = await lookUp(false, failing, false);
    expect(err?.code).toBe('ENOTFOUND');
  });
});
