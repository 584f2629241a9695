// Log redaction (A11): by key and by a Luhn-aware scrubber, checked on the relay's real log output.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFormatFrom } from '../../src/config/config.js';
import { scrubText } from '../../src/config/logging.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

describe('scrubText', () => {
  it('masks Luhn-valid 12-19 digit runs, spaced or not, and leaves other numbers', () => {
    expect(scrubText('card 4200000000000000 declined')).toBe('card 420000******0000 declined');
    expect(scrubText('card 4200 0000 0000 0000')).toBe('card 420000******0000');
    expect(scrubText('order 4200000000000001')).toBe('order 4200000000000001');
    expect(scrubText('amount 1000')).toBe('amount 1000');
  });

  it('leaves the relay\'s ids whole when they hold a Luhn-valid run of digits, and masks a card beside or glued to one', () => {
    const id = '0a1b4200000000000000ffee11223344';
    expect(scrubText(`payment ${id} declined`)).toBe(`payment ${id} declined`);
    expect(scrubText(`checkout ${id.toUpperCase()}.uat01-vm-tx04`)).toBe(`checkout ${id.toUpperCase()}.uat01-vm-tx04`);
    expect(scrubText(`{"checkoutId":"${id}"}`)).toBe(`{"checkoutId":"${id}"}`);
    // Not an id: another length, or glued to a letter beyond hex.
    expect(scrubText(`payment ${id.slice(1)} declined`)).not.toContain('4200000000000000');
    expect(scrubText('a4200000000000000')).toBe('a420000******0000');
    expect(scrubText(`x${id}`)).not.toContain('4200000000000000');
    expect(scrubText(`${id} 4200000000000000`)).toBe(`${id} 420000******0000`);
  });

  it('masks CVV values written as parameters', () => {
    expect(scrubText('card.cvv=123&x=1')).toBe('card.cvv=***&x=1');
    expect(scrubText('{"cvv":"4321"}')).toBe('{"cvv":"***"}');
  });
});

describe('the relay log', () => {
  const lines: string[] = [];
  let relay: TestRelay;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    relay = await startTestRelay({ logLevel: 'trace' }, {}, stream);
  });
  afterAll(async () => relay.close());

  it('holds no card number or CVV after payments, declines and errors', async () => {
    const cvv = '7391';
    const form = { entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'AMEX', ...testCard('377777777777770', { 'card.cvv': cvv }) };
    await relay.post('/v1/payments', form);
    await relay.post('/v1/payments', { ...form, 'card.holder': '800.100.152' });
    await relay.post('/v1/payments', { ...form, amount: 'oops', descriptor: '4200000000000000' });
    await relay.post(`/v1/payments?card.number=4200000000000000&card.cvv=${cvv}`, form);
    await relay.post('/v1/registrations', { entityId: relay.merchant.entityId, paymentBrand: 'VISA', ...testCard() });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const number of ['377777777777770', '4200000000000000']) expect(log).not.toContain(number);
    expect(log).not.toMatch(new RegExp(`cvv\\W{0,4}${cvv}`, 'i'));
    expect(log).not.toContain(relay.merchant.token);
  });
});

describe('the log format', () => {
  it('is readable lines at a terminal, JSON in a pipe or file, and LOG_FORMAT overrides both', () => {
    expect(logFormatFrom({}, true)).toBe('pretty');
    expect(logFormatFrom({}, false)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => logFormatFrom({ LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  for (const format of ['json', 'pretty'] as const) {
    it(`keeps a card number sent in a request out of the ${format} log`, async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const relay = await startTestRelay({ logLevel: 'trace' }, {}, stream, format);
      try {
        const form = { entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard('4200000000000000', { 'card.cvv': '7391' }) };
        await relay.post('/v1/payments?card.number=4200000000000000&card.cvv=7391', form);
        await relay.post('/v1/payments', { ...form, amount: 'oops', descriptor: '4200 0000 0000 0000' });
        relay.app.log.info({ note: 'card 4200000000000000' }, 'card 4200-0000-0000-0000 seen');
      } finally {
        await relay.close();
      }
      const log = lines.join('');
      expect(log).toContain('420000******0000');
      if (format === 'json') for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      else expect(log).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO/m);
      expect(log.replace(/[ -]/g, '')).not.toContain('4200000000000000');
      expect(log).not.toMatch(/cvv\W{0,4}7391/i);
    });
  }
});
