import { describe, expect, it } from 'vitest';
import { isRejection, resultGroup } from '../../../spec/result-codes.js';
import { authorize } from '../../src/simulator/authorize.js';
import { CHALLENGE_TIMEOUT, completeChallenge, THREE_D_SECURE_RETURN_CODES } from '../../src/simulator/three-d-secure.js';

describe('3-D Secure test page codes', () => {
  it('offers success first, then the failures', () => {
    expect(THREE_D_SECURE_RETURN_CODES[0]).toMatchObject({ code: '000.400.110', authenticated: true });
    expect(THREE_D_SECURE_RETURN_CODES.map((r) => r.code)).toEqual(['000.400.110', '100.380.401', '100.396.101', '000.400.101', '100.390.112']);
    expect(THREE_D_SECURE_RETURN_CODES.map((r) => r.code)).not.toContain(CHALLENGE_TIMEOUT.code);
  });

  it('declines with codes that are rejections or ungrouped 3-D Secure failures, never successes', () => {
    for (const row of [...THREE_D_SECURE_RETURN_CODES, CHALLENGE_TIMEOUT].filter((r) => !r.authenticated)) {
      expect(isRejection(row.code) || resultGroup(row.code) === undefined).toBe(true);
    }
  });
});

describe('completeChallenge', () => {
  const challenged = authorize({
    paymentType: 'DB',
    paymentBrand: 'VISA',
    amount: 1000,
    currency: 'EUR',
    testMode: 'INTERNAL',
    card: { number: '4711100000000000', expiryMonth: '12', expiryYear: '2030', cvv: '123' },
    externalThreeDSecure: false,
    merchantInitiated: false,
    account: 'card',
    billing: { street1: 'Main St 1', postcode: '10115' },
    today: { year: 2026, month: 11 },
  });
  if (challenged.kind !== 'challenge') throw new Error('the enrolled VISA test card must be challenged');

  it('approves after successful authentication, carrying what the challenge promised', () => {
    expect(completeChallenge({ testMode: 'INTERNAL', ...challenged }, '000.400.110')).toEqual({
      kind: 'approved',
      resultCode: '000.100.110',
      detectedBrand: 'VISA',
      riskScore: 0,
      cvvResponse: 'M',
      avsResponse: 'F',
    });
  });

  it('approves with the test mode success code', () => {
    expect(completeChallenge({ testMode: 'EXTERNAL' }, '000.400.110')).toMatchObject({ kind: 'approved', resultCode: '000.100.112', riskScore: 0 });
  });

  it.each(['100.380.401', '100.396.101', '000.400.101', '100.390.112', '100.396.103'])('declines with %s', (code) => {
    expect(completeChallenge({ testMode: 'INTERNAL', ...challenged }, code)).toEqual({ kind: 'declined', resultCode: code, detectedBrand: 'VISA', riskScore: 0 });
  });

  it.each(['000.000.000', '000.100.110', '', '000.400.110 ', 'constructor'])('fails closed on the unknown code %j', (code) => {
    expect(completeChallenge({ testMode: 'INTERNAL' }, code)).toMatchObject({ kind: 'declined', resultCode: '100.380.401' });
  });
});
