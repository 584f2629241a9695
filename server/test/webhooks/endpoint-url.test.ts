// Endpoint URLs at registration (A8): the shapes accepted, the reasons given for the rest, and
// private targets refused in every spelling a URL parser folds to a private address.
import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, MAX_ENDPOINT_URL_LENGTH } from '../../src/webhooks/endpoint-url.js';

const test = { live: false, allowPrivate: false };
const live = { live: true, allowPrivate: false };
const local = { live: false, allowPrivate: true };

describe('checkEndpointUrl', () => {
  it('accepts https and http URLs and returns their normalised form', () => {
    expect(checkEndpointUrl('https://Shop.Example.com/hooks?x=1', live)).toEqual({ ok: true, url: 'https://shop.example.com/hooks?x=1' });
    expect(checkEndpointUrl('http://shop.example.com:8080', test)).toEqual({ ok: true, url: 'http://shop.example.com:8080/' });
  });

  it.each([
    ['shop.example.com/hooks', 'the URL is not a valid absolute URL'],
    ['/hooks', 'the URL is not a valid absolute URL'],
    ['ftp://shop.example.com/', 'the URL must use http or https'],
    ['javascript:alert(1)', 'the URL must use http or https'],
    ['https://user:pass@shop.example.com/', 'the URL must not carry a user name or password'],
    ['https://user@shop.example.com/', 'the URL must not carry a user name or password'],
    ['https://shop.example.com/#top', 'the URL must not carry a fragment (#…)'],
    ['https://shop.example.com/#', 'the URL must not carry a fragment (#…)'],
    [' https://shop.example.com/', 'the URL must not contain blanks or control characters'],
    ['https://shop.exa\nmple.com/', 'the URL must not contain blanks or control characters'],
  ])('refuses %j: %s', (text, reason) => {
    expect(checkEndpointUrl(text, test)).toEqual({ ok: false, reason });
  });

  it('requires https for a live entity only', () => {
    expect(checkEndpointUrl('http://shop.example.com/', live)).toEqual({ ok: false, reason: "a live entity's webhook URL must use https" });
    expect(checkEndpointUrl('http://shop.example.com/', test).ok).toBe(true);
  });

  it('accepts 2048 characters and refuses 2049', () => {
    const prefix = 'https://shop.example.com/';
    const atLimit = prefix + 'a'.repeat(MAX_ENDPOINT_URL_LENGTH - prefix.length);
    expect(checkEndpointUrl(atLimit, test)).toEqual({ ok: true, url: atLimit });
    expect(checkEndpointUrl(`${atLimit}a`, test)).toEqual({ ok: false, reason: 'the URL is longer than 2048 characters' });
  });

  it('refuses a URL that only outgrows the limit once normalised', () => {
    const prefix = 'https://shop.example.com/';
    const text = prefix + 'é'.repeat(MAX_ENDPOINT_URL_LENGTH - prefix.length);
    expect(checkEndpointUrl(text, test)).toEqual({ ok: false, reason: 'the URL is longer than 2048 characters once normalised' });
  });

  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[::1]:8080/', '[::1]'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://10.1.2.3/', '10.1.2.3'],
    ['http://localhost:3000/hooks', 'localhost'],
  ])('refuses the private target %s unless private targets are allowed (A8)', (text, host) => {
    expect(checkEndpointUrl(text, test)).toEqual({ ok: false, reason: `${host} is a private address, and this relay does not deliver webhooks to private addresses` });
    expect(checkEndpointUrl(text, local).ok).toBe(true);
  });
});
