// TRUST_PROXY: which proxies in front of the relay may tell it, in X-Forwarded-Proto/-Host/-For,
// how the browser reached it. Behind a TLS-terminating proxy the relay itself only sees http; the
// forwarded headers are believed from the proxies named here and from nobody else.

/** Fastify's trustProxy: nobody, every hop, the nearest N hops, or these addresses/CIDRs. */
export type TrustProxy = boolean | number | readonly string[];

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?$/;
const IPV6 = /^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*(\/(12[0-8]|1[01]\d|\d?\d))?$/;
/** proxy-addr's names for address families and ranges. */
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses TRUST_PROXY: empty or `false` = trust nothing; `true`; a hop count; a comma-separated list. */
export function trustProxyFrom(raw: string | undefined): TrustProxy {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  const list = text.split(',').map((s) => s.trim());
  for (const entry of list) {
    if (!IPV4.test(entry) && !IPV6.test(entry) && !NAMED.has(entry)) {
      throw new Error(`TRUST_PROXY must be empty, true, a hop count or a comma-separated list of addresses/CIDRs, got ${JSON.stringify(entry)}`);
    }
  }
  return Object.freeze(list);
}
