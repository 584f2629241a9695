// Throttle and Redis settings read from the environment: defaults, every THROTTLE_* variable, and
// bad values refused with the variable's name.
import { describe, expect, it } from 'vitest';
import { defaultConfig, loadConfig, MAX_THROTTLE_LIMIT } from '../../src/config/config.js';

describe('throttle and Redis settings from the environment', () => {
  it('defaults to the in-process throttle and the built-in limits', () => {
    const config = loadConfig({});
    expect(config.throttle).toEqual(defaultConfig.throttle);
    expect(config.redisUrl).toBe('');
    expect(config.redisPrefix).toBe('paywidgets:');
  });

  it('reads every limit, 0 meaning no limit', () => {
    const config = loadConfig({
      THROTTLE_PAYMENTS: '0',
      THROTTLE_FOLLOW_UPS: '7',
      THROTTLE_REGISTRATIONS: '8',
      THROTTLE_CHECKOUTS: '9',
      THROTTLE_READS: String(MAX_THROTTLE_LIMIT),
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_PREFIX: 'shop-a:',
    });
    expect(config.throttle).toEqual({ windowMs: 1000, payments: 0, followUps: 7, registrations: 8, checkouts: 9, reads: MAX_THROTTLE_LIMIT });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(config.redisPrefix).toBe('shop-a:');
  });

  it('keeps a limit that is unset or empty at its default', () => {
    expect(loadConfig({ THROTTLE_PAYMENTS: '' }).throttle.payments).toBe(defaultConfig.throttle.payments);
  });

  it.each(['-1', '1.5', 'ten', ' 5', String(MAX_THROTTLE_LIMIT + 1), '99999999999999999999'])('refuses THROTTLE_READS=%j', (value) => {
    expect(() => loadConfig({ THROTTLE_READS: value })).toThrow(/^THROTTLE_READS must be a whole number/);
  });

  it('refuses a REDIS_URL that is no redis:// URL, without echoing it', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://user:secret@host' })).toThrow(/^REDIS_URL must start with redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'http://user:secret@host' })).not.toThrow(/secret/);
  });
});
