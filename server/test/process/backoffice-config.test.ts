// BACKOFFICE_PUBLIC_URL read from the environment: the default, an origin kept without its
// trailing slash, and anything that is not an http(s) origin refused with the variable's name.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';

describe('the back office public URL', () => {
  it('defaults to the back office port on localhost and keeps a given origin without its trailing slash', () => {
    expect(loadConfig({}).backofficePublicUrl).toBe('http://localhost:8082');
    expect(loadConfig({ BACKOFFICE_PUBLIC_URL: 'https://backoffice.shop.example/' }).backofficePublicUrl).toBe('https://backoffice.shop.example');
    expect(loadConfig({ BACKOFFICE_PUBLIC_URL: 'http://127.0.0.1:9000' }).backofficePublicUrl).toBe('http://127.0.0.1:9000');
  });

  it('refuses what is not an http(s) origin', () => {
    for (const bad of ['backoffice.shop.example', 'ftp://shop.example', 'https://shop.example/back-office', 'https://shop.example?x=1']) {
      expect(() => loadConfig({ BACKOFFICE_PUBLIC_URL: bad }), bad).toThrow(/BACKOFFICE_PUBLIC_URL must be an http\(s\) origin/);
    }
  });
});
