import { describe, expect, it } from 'vitest';
import { authorize } from '../../src/simulator/authorize.js';
import { CARD_RULES, TEST_CARDS } from '../../src/simulator/rules.js';
import type { AuthorizationRequest, CardInput } from '../../src/simulator/types.js';

const TODAY = { year: 2026, month: 11 };

function card(number: string, overrides: Partial<CardInput> = {}): CardInput {
  return { number, holder: 'Jane Doe', expiryMonth: '12', expiryYear: '2030', cvv: number.startsWith('3') && number.length === 15 ? '1234' : '123', ...overrides };
}

function request(overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest {
  return {
    paymentType: 'DB',
    paymentBrand: undefined,
    amount: 1000,
    currency: 'EUR',
    testMode: 'INTERNAL',
    card: card('4200000000000000'),
    externalThreeDSecure: false,
    merchantInitiated: false,
    account: 'card',
    today: TODAY,
    ...overrides,
  };
}

const NON_3DS = TEST_CARDS.filter((t) => !t.threeDSecure);
const ENROLLED = TEST_CARDS.filter((t) => t.threeDSecure);

describe('test cards', () => {
  it.each(NON_3DS.map((t) => [t.brand, t.number] as const))('%s %s approves with 000.100.110 in INTERNAL mode', (brand, number) => {
    const outcome = authorize(request({ paymentBrand: brand, card: card(number) }));
    expect(outcome).toEqual({ kind: 'approved', resultCode: '000.100.110', detectedBrand: brand, cvvResponse: 'M', avsResponse: 'U', riskScore: 0 });
  });

  it.each(NON_3DS.map((t) => [t.brand, t.number] as const))('%s %s approves with 000.100.112 in EXTERNAL mode', (brand, number) => {
    const outcome = authorize(request({ paymentBrand: brand, card: card(number), testMode: 'EXTERNAL' }));
    expect(outcome.kind === 'approved' && outcome.resultCode).toBe('000.100.112');
  });

  it.each(NON_3DS.map((t) => [t.brand, t.number] as const))('%s %s approves without a paymentBrand (brand detection)', (brand, number) => {
    const outcome = authorize(request({ card: card(number) }));
    expect(outcome.kind).toBe('approved');
    expect(outcome.detectedBrand).toBe(brand);
  });

  it('holds every test card of widget-surface §9', () => {
    expect(TEST_CARDS.map((t) => t.number).sort()).toEqual(
      [
        '4200000000000000', '4711100000000000', '5454545454545454', '5212345678901234', '377777777777770', '375987000000005',
        '4464040000000007', '36961903000009', '6011587918359498', '3541599999092431', '6799851000000032', '4917300800000000',
        '5019717010103742',
      ].sort(),
    );
  });

  it('approves PA and CD like DB', () => {
    for (const paymentType of ['PA', 'CD'] as const) expect(authorize(request({ paymentType })).kind).toBe('approved');
  });
});

describe('3-D Secure enrolled cards', () => {
  it.each(ENROLLED.map((t) => [t.brand, t.number] as const))('%s %s is challenged when the customer is present', (brand, number) => {
    const outcome = authorize(request({ paymentBrand: brand, card: card(number) }));
    expect(outcome).toEqual({ kind: 'challenge', detectedBrand: brand, riskScore: 0, cvvResponse: 'M', avsResponse: 'U' });
  });

  it.each(ENROLLED.map((t) => [t.brand, t.number] as const))('%s %s approves with external authentication data', (brand, number) => {
    expect(authorize(request({ paymentBrand: brand, card: card(number), externalThreeDSecure: true })).kind).toBe('approved');
  });

  it.each(ENROLLED.map((t) => [t.brand, t.number] as const))('%s %s approves merchant-initiated, without CVV', (brand, number) => {
    const outcome = authorize(request({ paymentBrand: brand, card: card(number, { cvv: undefined }), merchantInitiated: true }));
    expect(outcome).toMatchObject({ kind: 'approved', cvvResponse: 'P' });
  });

  it('never challenges a credit (CD): the customer is paid, not charged', () => {
    expect(authorize(request({ paymentType: 'CD', card: card('4711100000000000') })).kind).toBe('approved');
  });

  it('challenges in EXTERNAL mode too', () => {
    expect(authorize(request({ card: card('5212345678901234'), testMode: 'EXTERNAL' })).kind).toBe('challenge');
  });
});

describe('forced declines', () => {
  it.each(['800.100.152', '800.100.151', '800.100.159', '100.100.701', '900.100.300', '600.200.500', '700.400.100', '100.396.101', '000.400.101', '800.100.199'])(
    'declines with %s typed as card holder',
    (code) => {
      const outcome = authorize(request({ card: card('4200000000000000', { holder: code }) }));
      expect(outcome).toEqual({ kind: 'declined', resultCode: code, detectedBrand: 'VISA', cvvResponse: 'M', riskScore: 0 });
    },
  );

  it('trims the holder', () => {
    expect(authorize(request({ card: card('4200000000000000', { holder: ' 800.100.152 ' }) }))).toMatchObject({ kind: 'declined', resultCode: '800.100.152' });
  });

  it.each(['000.000.000', '000.100.110', '000.100.112', '000.400.000', '000.400.110', '000.200.000', '800.400.500', '100.400.500', '000.100.200', '123.456.789', '800.100.15', 'Jane 800.100.152'])(
    'cannot force %s: the card is judged on its own',
    (holder) => {
      expect(authorize(request({ card: card('4200000000000000', { holder }) })).kind).toBe('approved');
      expect(authorize(request({ card: card('4111111111111111', { holder }) }))).toMatchObject({ kind: 'declined', resultCode: '800.100.151' });
    },
  );

  it('wins over every other rule, including a challenge', () => {
    expect(authorize(request({ card: card('4711100000000000', { holder: '800.100.152' }) }))).toMatchObject({ kind: 'declined', resultCode: '800.100.152' });
    expect(authorize(request({ card: card('4200000000000001', { holder: '800.100.153' }) }))).toMatchObject({ kind: 'declined', resultCode: '800.100.153' });
  });
});

describe('card rules', () => {
  it('declines a request for a card that carries none with 100.100.100', () => {
    const { card: _none, ...withoutCard } = request();
    expect(authorize(withoutCard)).toMatchObject({ kind: 'declined', resultCode: '100.100.100' });
  });

  it.each(['', '42000000000', '42000000000000000000', '4200 0000 0000 0000', '４２００００００００００００００'])('declines the malformed number %j with 100.100.101', (number) => {
    const outcome = authorize(request({ card: card(number) }));
    expect(outcome).toMatchObject({ kind: 'declined', resultCode: '100.100.101', riskScore: 0 });
    expect(outcome).not.toHaveProperty('cvvResponse');
  });

  it('declines a Luhn failure with 100.100.101', () => {
    expect(authorize(request({ card: card('4200000000000001') }))).toMatchObject({ kind: 'declined', resultCode: '100.100.101', riskScore: 0 });
  });

  it('declines a number no brand issues with 100.100.101', () => {
    expect(authorize(request({ card: card('1234567812345670') }))).toMatchObject({ kind: 'declined', resultCode: '100.100.101' });
  });

  it('declines a brand the number does not carry with 100.100.700', () => {
    expect(authorize(request({ paymentBrand: 'MASTER', card: card('4200000000000000') }))).toMatchObject({ kind: 'declined', resultCode: '100.100.700', detectedBrand: 'VISA' });
    expect(authorize(request({ paymentBrand: 'MADA', card: card('4200000000000000') }))).toMatchObject({ kind: 'declined', resultCode: '100.100.700' });
    expect(authorize(request({ paymentBrand: 'NOPE', card: card('4200000000000000') }))).toMatchObject({ kind: 'declined', resultCode: '100.100.700' });
  });

  it('accepts a sub-brand of the detected network', () => {
    expect(authorize(request({ paymentBrand: 'VISADEBIT', card: card('4200000000000000') })).kind).toBe('approved');
    expect(authorize(request({ paymentBrand: 'VISA', card: card('4464040000000007') })).kind).toBe('approved');
  });

  it('declines a length the brand does not issue with 100.100.700', () => {
    const visa13 = '4222222222222'; // Luhn-valid, 13 digits: card-validator's Visa issues 16, 18, 19
    expect(authorize(request({ paymentBrand: 'VISA', card: card(visa13) }))).toMatchObject({ kind: 'declined', resultCode: '100.100.700' });
  });

  it('declines an expired card with 100.100.303', () => {
    expect(authorize(request({ card: card('4200000000000000', { expiryMonth: '10', expiryYear: '2026' }) }))).toMatchObject({ kind: 'declined', resultCode: '100.100.303' });
    expect(authorize(request({ card: card('4200000000000000', { expiryMonth: '11', expiryYear: '2026' }) })).kind).toBe('approved');
  });

  it('declines a malformed expiry with 800.100.157', () => {
    expect(authorize(request({ card: card('4200000000000000', { expiryMonth: '13' }) }))).toMatchObject({ kind: 'declined', resultCode: '800.100.157' });
  });

  it('declines a missing CVV with 100.100.600 when the customer is present', () => {
    for (const cvv of [undefined, '']) {
      expect(authorize(request({ card: card('4200000000000000', { cvv }) }))).toMatchObject({ kind: 'declined', resultCode: '100.100.600' });
    }
  });

  it('lets Maestro go without a CVV', () => {
    expect(authorize(request({ card: card('6799851000000032', { cvv: undefined }) }))).toMatchObject({ kind: 'approved', cvvResponse: 'P' });
  });

  it('declines a CVV of the wrong length or not digits with 100.100.601', () => {
    expect(authorize(request({ card: card('4200000000000000', { cvv: '1234' }) }))).toMatchObject({ kind: 'declined', resultCode: '100.100.601' });
    expect(authorize(request({ card: card('377777777777770', { cvv: '123' }) }))).toMatchObject({ kind: 'declined', resultCode: '100.100.601' });
    expect(authorize(request({ card: card('4200000000000000', { cvv: '12a' }) }))).toMatchObject({ kind: 'declined', resultCode: '100.100.601' });
    expect(authorize(request({ card: card('4200000000000000', { cvv: '12' }), merchantInitiated: true }))).toMatchObject({ kind: 'declined', resultCode: '100.100.601' });
  });

  it('declines any other well-formed card as an invalid card (800.100.151), as a real test system does', () => {
    expect(authorize(request({ card: card('4111111111111111') }))).toEqual({ kind: 'declined', resultCode: '800.100.151', detectedBrand: 'VISA', cvvResponse: 'M', riskScore: 100 });
    expect(authorize(request({ card: card('5555555555554444', { cvv: undefined }), merchantInitiated: true }))).toMatchObject({ resultCode: '800.100.151', cvvResponse: 'P' });
  });

  it('checks in table order: format before expiry before CVV', () => {
    expect(authorize(request({ card: card('4200000000000001', { expiryYear: '2020', cvv: undefined }) }))).toMatchObject({ resultCode: '100.100.101' });
    expect(authorize(request({ card: card('4200000000000000', { expiryYear: '2020', cvv: undefined }) }))).toMatchObject({ resultCode: '100.100.303' });
  });

  it('treats card data decrypted from a wallet as the card, without CVV or challenge', () => {
    expect(authorize(request({ paymentBrand: 'APPLEPAY', card: card('4711100000000000', { cvv: undefined }) }))).toMatchObject({ kind: 'approved', detectedBrand: 'VISA' });
  });

  it('has a catch-all row last', () => {
    expect(CARD_RULES.at(-1)?.when).toBe('anyCard');
  });
});

describe('response codes', () => {
  it('sends P as CVV response when no CVV was sent', () => {
    expect(authorize(request({ card: card('4200000000000000', { cvv: undefined }), merchantInitiated: true }))).toMatchObject({ cvvResponse: 'P' });
  });

  it.each([
    [{ street1: 'Main St 1', postcode: '10115' }, 'F'],
    [{ street1: 'Main St 1' }, 'A'],
    [{ postcode: '10115' }, 'Z'],
    [{}, 'U'],
    [{ street1: '', postcode: '' }, 'U'],
  ])('answers AVS for billing %j with %s', (billing, avs) => {
    expect(authorize(request({ billing }))).toMatchObject({ kind: 'approved', avsResponse: avs });
  });

  it('gives validation declines neither CVV nor AVS response: no issuer saw them', () => {
    const outcome = authorize(request({ card: card('4200000000000000', { expiryYear: '2020' }), billing: { street1: 'x', postcode: '1' } }));
    expect(outcome).toEqual({ kind: 'declined', resultCode: '100.100.303', detectedBrand: 'VISA', riskScore: 0 });
  });

  it('is deterministic', () => {
    const req = request({ card: card('4111111111111111') });
    expect(authorize(req)).toEqual(authorize(req));
  });
});

describe('non-card accounts', () => {
  const sepa = (bankAccount: AuthorizationRequest['bankAccount']) =>
    authorize(request({ account: 'bankAccount', paymentBrand: 'DIRECTDEBIT_SEPA', card: undefined, bankAccount }));

  it('approves the SEPA test account', () => {
    expect(sepa({ holder: 'Jane Doe', iban: 'DE23100000001234567890', bic: 'MARKDEF1100' })).toEqual({ kind: 'approved', resultCode: '000.100.110', detectedBrand: undefined, riskScore: 0 });
    expect(sepa({ holder: 'Jane Doe', iban: 'DE23100000001234567890' })).toMatchObject({ kind: 'approved' });
  });

  it('approves with 000.100.112 in EXTERNAL mode', () => {
    const outcome = authorize(request({ account: 'bankAccount', paymentBrand: 'DIRECTDEBIT_SEPA', testMode: 'EXTERNAL', bankAccount: { iban: 'DE23100000001234567890' } }));
    expect(outcome).toMatchObject({ kind: 'approved', resultCode: '000.100.112' });
  });

  it('declines the test IBAN with another BIC as an unknown account', () => {
    expect(sepa({ iban: 'DE23100000001234567890', bic: 'COBADEFFXXX' })).toMatchObject({ kind: 'declined', resultCode: '800.100.100' });
  });

  it('declines a bad or missing IBAN with 100.100.101', () => {
    expect(sepa({ iban: 'DE24100000001234567890' })).toMatchObject({ kind: 'declined', resultCode: '100.100.101' });
    expect(sepa({ holder: 'Jane Doe' })).toMatchObject({ kind: 'declined', resultCode: '100.100.101' });
    expect(sepa(undefined)).toMatchObject({ kind: 'declined', resultCode: '100.100.101' });
  });

  it('declines a valid IBAN that is not a test account with 800.100.100', () => {
    expect(sepa({ iban: 'GB82WEST12345698765432' })).toMatchObject({ kind: 'declined', resultCode: '800.100.100', riskScore: 100 });
  });

  it('forces a decline through bankAccount.holder, and only a rejection', () => {
    expect(sepa({ holder: '800.100.152', iban: 'DE23100000001234567890' })).toMatchObject({ kind: 'declined', resultCode: '800.100.152' });
    expect(sepa({ holder: '000.000.000', iban: 'GB82WEST12345698765432' })).toMatchObject({ kind: 'declined', resultCode: '800.100.100' });
  });

  it.each([
    ['virtualAccount', 'BOLETO'],
    ['virtualAccount', 'OXXO'],
    ['virtualAccount', 'BALOTO'],
    ['wallet', 'APPLEPAY'],
    ['wallet', 'GOOGLEPAY'],
  ] as const)('approves %s %s (nothing the simulator could check)', (account, paymentBrand) => {
    expect(authorize(request({ account, paymentBrand, card: undefined }))).toEqual({ kind: 'approved', resultCode: '000.100.110', detectedBrand: undefined, riskScore: 0 });
  });

  it.each([
    ['bankAccount', 'GIROPAY'],
    ['bankAccount', 'IDEAL'],
    ['bankAccount', 'SOFORTUEBERWEISUNG'],
    ['wallet', 'PAYPAL'],
    ['virtualAccount', 'STC_PAY'],
    ['virtualAccount', 'ALIPAY'],
  ] as const)('sends the shopper of %s %s to the provider page (redirect)', (account, paymentBrand) => {
    expect(authorize(request({ account, paymentBrand, card: undefined }))).toEqual({ kind: 'redirect', detectedBrand: undefined, riskScore: 0 });
  });

  it('approves a wallet token of APPLEPAY or GOOGLEPAY, and declines one whose testResultCode is a rejection code with that code', () => {
    for (const paymentBrand of ['APPLEPAY', 'GOOGLEPAY']) {
      expect(authorize(request({ account: 'wallet', paymentBrand, card: undefined, walletToken: {} }))).toEqual({ kind: 'approved', resultCode: '000.100.110', detectedBrand: undefined, riskScore: 0 });
      expect(authorize(request({ account: 'wallet', paymentBrand, card: undefined, walletToken: { testResultCode: '800.100.152' } }))).toEqual({ kind: 'declined', resultCode: '800.100.152', detectedBrand: undefined, riskScore: 0 });
    }
    // A success or pending code cannot be forced: the token is approved as any other.
    for (const testResultCode of ['000.000.000', '000.200.000', 'no code']) {
      expect(authorize(request({ account: 'wallet', paymentBrand: 'APPLEPAY', card: undefined, walletToken: { testResultCode } })).kind).toBe('approved');
    }
  });

  it('declines a brand that is unknown or a card brand with 600.200.500', () => {
    for (const paymentBrand of ['NOPE', 'VISA', undefined]) {
      expect(authorize(request({ account: 'wallet', paymentBrand, card: undefined }))).toMatchObject({ kind: 'declined', resultCode: '600.200.500' });
    }
  });
});
