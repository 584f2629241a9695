import { describe, expect, it } from 'vitest';
import { checkoutEnvironment, isCheckoutId, isPaymentId, isRegistrationId, newCheckoutId, newNdc, newPaymentId, newRegistrationId } from '../../src/domain/ids.js';

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('ids', () => {
  it('makes payment and registration ids of 32 lowercase hex', () => {
    for (const id of [newPaymentId(NOW), newRegistrationId(NOW)]) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(isPaymentId(id)).toBe(true);
      expect(isRegistrationId(id)).toBe(true);
    }
  });

  it('makes checkout ids of 32 upper-case hex plus the environment suffix', () => {
    const test = newCheckoutId('test', NOW);
    const live = newCheckoutId('live', NOW);
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
    const ids = new Set(Array.from({ length: 2000 }, () => newPaymentId(NOW)));
    expect(ids.size).toBe(2000);
  });

  it('starts with the creation time, so later ids sort after earlier ones', () => {
    expect(newPaymentId(NOW).slice(0, 12)).toBe(NOW.toString(16).padStart(12, '0'));
    expect(newCheckoutId('test', NOW).slice(0, 12)).toBe(NOW.toString(16).toUpperCase().padStart(12, '0'));
    const ids = Array.from({ length: 50 }, (_, i) => newPaymentId(NOW + i * 7));
    expect([...ids].sort()).toEqual(ids);
  });

  it('spreads 80 random bits over every position after the time (no fixed or low-entropy characters)', () => {
    const seen = Array.from({ length: 20 }, () => new Set<string>());
    for (let i = 0; i < 400; i++) [...newPaymentId(NOW).slice(12)].forEach((c, j) => seen[j]?.add(c));
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
