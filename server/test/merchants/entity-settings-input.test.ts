// The checks and the change of an entity's settings that `relay entity set` and the back office's
// channel settings share (merchants/entity-settings-input.ts): what each accepts, how it names
// what it refuses, and how changes make the settings to store, the others kept.

import { describe, expect, it } from 'vitest';
import {
  applySettingsChanges,
  checkBankAccountInput,
  checkCountry,
  checkOrigin,
  checkReversalCutoffHours,
  checkSettlementFee,
  checkThrottleLimit,
  checkTimeZone,
} from '../../src/merchants/entity-settings-input.js';

describe('the checks', () => {
  it('answers the value to store', () => {
    expect(checkCountry('MX')).toEqual({ ok: true, value: 'MX' });
    expect(checkOrigin('https://shop.example/')).toEqual({ ok: true, value: 'https://shop.example' });
    expect(checkReversalCutoffHours('24')).toEqual({ ok: true, value: 24 });
    expect(checkThrottleLimit('reads', '0')).toEqual({ ok: true, value: 0 });
    expect(checkThrottleLimit('reads', 12)).toEqual({ ok: true, value: 12 });
    expect(checkThrottleLimit('reads', 'default')).toEqual({ ok: true, value: null });
    expect(checkThrottleLimit('reads', null)).toEqual({ ok: true, value: null });
    expect(checkTimeZone('Europe/Berlin')).toEqual({ ok: true, value: 'Europe/Berlin' });
    expect(checkSettlementFee('VISA=2.5%+0.30')).toEqual({ ok: true, value: ['VISA', { basisPoints: 250, fixed: 30 }] });
    expect(checkBankAccountInput({ holder: 'Shop', country: 'DE' })).toEqual({ ok: true, value: { holder: 'Shop', country: 'DE' } });
  });

  it('names the setting at fault and why, without the name of an option or a field', () => {
    expect(checkCountry('DE')).toEqual({ ok: false, parameter: 'country', message: 'must be one of BR, MX, CO, got "DE"' });
    expect(checkOrigin('ftp://shop.example')).toEqual({ ok: false, parameter: 'allowedOrigins', message: 'must be an http(s) origin without path, got "ftp://shop.example"' });
    expect(checkOrigin(7)).toMatchObject({ ok: false, parameter: 'allowedOrigins', message: 'must be an origin like https://shop.example, got ""' });
    expect(checkReversalCutoffHours('1.5')).toMatchObject({ ok: false, parameter: 'reversalCutoffHours' });
    expect(checkThrottleLimit('payments', 2.5)).toMatchObject({ ok: false, parameter: 'throttle.payments', message: expect.stringContaining('got "2.5"') });
    expect(checkThrottleLimit('payments', true)).toMatchObject({ ok: false, parameter: 'throttle.payments' });
    expect(checkTimeZone(['Europe/Berlin'])).toEqual({ ok: false, parameter: 'timeZone', message: 'takes one IANA time zone' });
    expect(checkSettlementFee('VISA=2.50')).toMatchObject({ ok: false, parameter: 'settlementFees' });
    expect(checkBankAccountInput({ number: 'DE89370400440532013000' })).toMatchObject({ ok: false, parameter: 'bankAccount.holder' });
  });
});

describe('applying changes', () => {
  const settings = { country: 'BR' as const, throttle: { payments: 5, reads: 7 }, strictParameters: true, timeZone: 'Europe/Berlin' };

  it('keeps what a change leaves out, removes what it sets to null or false, and changes no argument', () => {
    const next = applySettingsChanges(settings, { country: null, throttle: { payments: null, checkouts: 3 }, strictParameters: false, reversalCutoffHours: 2, allowedOrigins: ['https://shop.example'] });
    expect(next).toEqual({ throttle: { reads: 7, checkouts: 3 }, timeZone: 'Europe/Berlin', reversalCutoffMs: 2 * 3_600_000, allowedOrigins: ['https://shop.example'] });
    expect(settings).toEqual({ country: 'BR', throttle: { payments: 5, reads: 7 }, strictParameters: true, timeZone: 'Europe/Berlin' });
  });

  it('takes an empty list of origins or fees, and a throttle with no limit left, as none', () => {
    expect(applySettingsChanges({ allowedOrigins: ['https://a.example'], settlementFees: { '*': { basisPoints: 1, fixed: 0 } }, throttle: { reads: 1 } }, { allowedOrigins: [], settlementFees: {}, throttle: { reads: null } })).toEqual({});
  });
});
