import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { envelope, envelopeJson } from '../../src/flows/envelope.js';

describe('envelopeJson', () => {
  const ctx = { buildNumber: 'paywidgets-"test"', clock: new ManualClock(Date.UTC(2026, 10, 22, 10, 0, 0)) };
  const ndc = '0a1b2c3d-0000-4000-8000-123456789abc';

  it('appends the fields envelope() adds, in the same order, to a serialized body', () => {
    const body = { id: 'p1', amount: '92.00', card: { bin: '420000', last4Digits: '0000' }, note: 'a "quoted" }' };
    const text = envelopeJson(ctx, JSON.stringify(body), ndc);
    expect(text).toBe(JSON.stringify(envelope(ctx, body, ndc)));
    expect(JSON.parse(text)).toEqual({ ...body, buildNumber: 'paywidgets-"test"', timestamp: '2026-11-22 10:00:00+0000', ndc });
  });

  it('wraps an empty body', () => {
    expect(JSON.parse(envelopeJson(ctx, '{}', ndc))).toEqual({ buildNumber: 'paywidgets-"test"', timestamp: '2026-11-22 10:00:00+0000', ndc });
  });

  it('refuses anything but a JSON object', () => {
    expect(() => envelopeJson(ctx, '[1]', ndc)).toThrow(TypeError);
    expect(() => envelopeJson(ctx, '"x"', ndc)).toThrow(TypeError);
  });
});
