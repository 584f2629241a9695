// Webhook URLs are chosen by merchants, so without a guard the relay would POST wherever they
// point: its own admin ports, the cloud metadata service, the operator's private network (A8).
// The check runs twice: on the URL's spelling when it is registered (endpoint-url.ts), and on the
// address actually connected to, through the `lookup` hook of node:net, so a name that resolved to
// a public address at registration and to a private one now (DNS rebinding) is still refused.
// Operators allow private targets explicitly for local development and tests.

import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The ranges refused unless allowed; a BlockList also matches IPv4-mapped IPv6 (::ffff:a.b.c.d). */
const PRIVATE_RANGES: ReadonlyArray<readonly [network: string, prefix: number, family: 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network": 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8, 'ipv4'], // private (RFC 1918)
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT, often the operator's own network
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, home of cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12, 'ipv4'], // private (RFC 1918)
  ['192.168.0.0', 16, 'ipv4'], // private (RFC 1918)
  ['::', 128, 'ipv6'], // unspecified, reaches the local host like 0.0.0.0
  ['::1', 128, 'ipv6'], // loopback
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
];

const privateRanges = new BlockList();
for (const [network, prefix, family] of PRIVATE_RANGES) privateRanges.addSubnet(network, prefix, family);

/**
 * Whether an IP address (v4, v6, IPv4-mapped v6, with or without a `%zone`) lies in a range a
 * webhook must not reach. Throws a TypeError for anything that is not an IP address, so a host
 * name can never pass for a checked address.
 */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${JSON.stringify(ip)}`);
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a URL's host is private by its spelling alone: an IP literal in a private range (a URL
 * parser has already turned `2130706433` or `0x7f.1` into 127.0.0.1; IPv6 keeps its brackets), or
 * a `localhost` name, which resolves to loopback by definition (RFC 6761). Other names are checked
 * when they are resolved, by guardedLookup.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host.replace(/%.*$/, '')) !== 0 && isPrivateAddress(host);
}

/** A connection refused because it would reach a private address; `code` is for the attempt record. */
export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
}

/** The message of a refusal: the same words at registration and at connect time. */
export function privateAddressMessage(host: string, address?: string): string {
  const where = address === undefined || address === host ? host : `${host} (${address})`;
  return `${where} is a private address, and this relay does not deliver webhooks to private addresses`;
}

/** The resolver guardedLookup asks: dns.lookup, or a stand-in in tests. */
export type ResolveAll = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const resolveWithDns: ResolveAll = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A `lookup` for http.request / net.connect that resolves as usual and fails the connection with
 * a PrivateAddressError when any resolved address is private and private targets are not allowed
 * (a name that mixes public and private addresses has no business receiving webhooks). Node does
 * not call `lookup` for an IP literal host: callers check those with isPrivateHost first.
 */
export function guardedLookup(allowPrivate: boolean, resolve: ResolveAll = resolveWithDns): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PrivateAddressError(privateAddressMessage(hostname, refused.address)), '');
      // net.connect asks for all addresses when it races IPv4 and IPv6 (autoSelectFamily), one otherwise.
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} resolved to no address`), { code: 'ENOTFOUND' }), '');
      return callback(null, first.address, first.family);
    });
  };
}
