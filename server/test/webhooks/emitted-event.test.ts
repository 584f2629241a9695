// The events a change emits (webhooks/events.ts): the payload is the record's answer with the
// notification's fields, stamped with the event's own time whenever it is built, and a copy of an
// event carries it like every other field.

import { describe, expect, it } from 'vitest';
import { formatTimestamp, ManualClock } from '../../src/domain/clock.js';
import { defaultConfig } from '../../src/config/config.js';
import { paymentEvent, registrationEvent } from '../../src/webhooks/events.js';

const T = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('an emitted event', () => {
  it('builds its payload when read, with the time of the event, not of the reading', () => {
    const clock = new ManualClock(T);
    const e = paymentEvent({ config: defaultConfig, clock }, 'paymentCreated', { id: 'p1', entityId: 'e1', referencedId: 'pa1', amount: 9200, currency: 'EUR' }, '{"id":"p1","paymentType":"RF"}');
    clock.advance(60_000);
    const payload = JSON.parse(e.payload) as Record<string, unknown>;
    expect(payload).toMatchObject({
      id: 'p1',
      paymentType: 'RF',
      presentationAmount: '92.00',
      presentationCurrency: 'EUR',
      referencedId: 'pa1',
      authentication: { entityId: 'e1' },
      eventId: e.id,
      buildNumber: defaultConfig.buildNumber,
      timestamp: formatTimestamp(T),
    });
    // Built once: the same text, ndc included, however often it is read.
    expect(e.payload).toBe(e.payload);
    expect(e).toMatchObject({ entityId: 'e1', type: 'PAYMENT', action: 'CREATED', recordId: 'p1', rootPaymentId: 'pa1', createdAt: T });
  });

  it('keeps its payload in a copy', () => {
    const e = registrationEvent({ config: defaultConfig, clock: new ManualClock(T) }, 'registrationStored', { id: 'r1', entityId: 'e1' }, '{"id":"r1"}');
    const copy = { ...e, createdAt: T + 1 };
    expect(copy.payload).toBe(e.payload);
    expect(JSON.parse(copy.payload)).toMatchObject({ id: 'r1', authentication: { entityId: 'e1' }, eventId: e.id });
    expect(Object.keys(e)).toContain('payload');
  });
});
