import { describe, expect, it } from 'vitest';
import { checkoutEnvironment, isCheckoutId, isPaymentId, isRegistrationId, newCheckoutId, newNdc, newPaymentId, newRegistrationId } from '../../src/domain/ids.js';

describe('ids', () => {
  it('makes payment and registration ids of 32 lowercase hex (128 bits)', () => {
    for (const id of [newPaymentId(), newRegistrationId()]) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(isPaymentId(id)).toBe(true);
      expect(isRegistrationId(id)).toBe(true);
    }
  });

  it('makes checkout ids of 32 upper-case hex plus the environment suffix', () => {
    const test = newCheckoutId('test');
    const live = newCheckoutId('live');
    expect(test).toMatch(/^[0-9A-F]{32}\.uat01-vm-tx04$/);
    expect(live).toMatch(/^[0-9A-F]{32}\.prod01-vm-tx07$/);
    for (const id of [test, live]) {
      expect(id.length).toBeGreaterThanOrEqual(32);
      expect(id.length).toBeLessThanOrEqual(48);
      expect(isCheckoutId(id)).toBe(true);
    }
    expect(checkoutEnvironment(test)).toBe('test');
    expect(checkoutEnvironment(live)).toBe('live');
    expect(checkoutEnvironment('A'.repeat(32))).toBeUndefined();
  });

  it('makes an ndc of letters, digits and hyphens within AN69', () => {
    const ndc = newNdc();
    expect(ndc).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ndc.length).toBeLessThanOrEqual(69);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newPaymentId()));
    expect(ids.size).toBe(2000);
  });

  it('spreads bits over every position (no fixed or low-entropy characters)', () => {
    const seen = Array.from({ length: 32 }, () => new Set<string>());
    for (let i = 0; i < 400; i++) [...newPaymentId()].forEach((c, j) => seen[j]?.add(c));
    for (const s of seen) expect(s.size).toBe(16);
  });

  it('checks shapes strictly', () => {
    expect(isPaymentId('a'.repeat(31))).toBe(false);
    expect(isPaymentId('a'.repeat(33))).toBe(false);
    expect(isPaymentId(`${'a'.repeat(31)}-`)).toBe(false);
    expect(isPaymentId(`${'a'.repeat(31)}\n`)).toBe(false);
    expect(isCheckoutId('A'.repeat(31))).toBe(false);
    expect(isCheckoutId('A'.repeat(49))).toBe(false);
    expect(isCheckoutId(`${'A'.repeat(32)}/x`)).toBe(false);
    expect(isCheckoutId(`${'A'.repeat(32)}.uat01-vm-tx04`)).toBe(true);
  });
});
