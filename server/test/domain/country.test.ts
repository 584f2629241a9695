import { describe, expect, it } from 'vitest';
import { checkCountryRules, COUNTRY_PROFILES, validCnpj, validCpf } from '../../src/domain/country.js';

const params = (entries: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(entries));
const BR_TAX = { 'customer.identificationDocType': 'TAXSTATEMENT', 'customer.identificationDocId': '52998224725' };

describe('CPF and CNPJ', () => {
  it.each(['52998224725', '11144477735', '39053344705'])('accepts CPF %s', (cpf) => expect(validCpf(cpf)).toBe(true));
  it.each([
    '52998224724', // wrong second check digit
    '52998224715', // wrong first check digit
    '11111111111', // one repeated digit
    '00000000000',
    '5299822472', // 10 digits
    '529982247250',
    '529.982.247-25', // formatted: the spec asks for digits
    '5299822472a',
    '',
  ])('rejects CPF %j', (cpf) => expect(validCpf(cpf)).toBe(false));

  it.each(['11222333000181', '11444777000161', '45997418000153'])('accepts CNPJ %s', (cnpj) => expect(validCnpj(cnpj)).toBe(true));
  it.each(['11222333000180', '11222333000191', '00000000000000', '99999999999999', '1122233300018', '11.222.333/0001-81', ''])(
    'rejects CNPJ %j',
    (cnpj) => expect(validCnpj(cnpj)).toBe(false),
  );
});

describe('checkCountryRules', () => {
  it('accepts a Brazilian DB, PA and CD in BRL with a CPF or CNPJ', () => {
    for (const paymentType of ['DB', 'PA', 'CD']) {
      expect(checkCountryRules('BR', { paymentType, currency: 'BRL', params: params(BR_TAX) })).toEqual([]);
    }
    const company = { ...BR_TAX, 'customer.identificationDocId': '11222333000181' };
    expect(checkCountryRules(COUNTRY_PROFILES.BR, { paymentType: 'DB', currency: 'BRL', params: params(company) })).toEqual([]);
  });

  it('requires the tax number for every initial payment in Brazil', () => {
    const errors = checkCountryRules('BR', { paymentType: 'DB', currency: 'BRL', params: params({}) });
    expect(errors.map((e) => e.name)).toEqual(['customer.identificationDocType', 'customer.identificationDocId']);
    const wrongType = checkCountryRules('BR', { paymentType: 'DB', currency: 'BRL', params: params({ ...BR_TAX, 'customer.identificationDocType': 'PASSPORT' }) });
    expect(wrongType.map((e) => e.name)).toEqual(['customer.identificationDocType']);
    const badId = checkCountryRules('BR', { paymentType: 'PA', currency: 'BRL', params: params({ ...BR_TAX, 'customer.identificationDocId': '11111111111' }) });
    expect(badId.map((e) => e.name)).toEqual(['customer.identificationDocId']);
  });

  it('does not ask follow-ups for the tax number', () => {
    for (const paymentType of ['CP', 'RF', 'RV']) {
      expect(checkCountryRules('BR', { paymentType, currency: paymentType === 'RV' ? undefined : 'BRL', params: params({}) })).toEqual([]);
    }
  });

  it('holds each country to its currency', () => {
    expect(checkCountryRules('BR', { paymentType: 'DB', currency: 'USD', params: params(BR_TAX) }).map((e) => e.name)).toEqual(['currency']);
    expect(checkCountryRules('MX', { paymentType: 'DB', currency: 'MXN', params: params({}) })).toEqual([]);
    expect(checkCountryRules('MX', { paymentType: 'DB', currency: 'BRL', params: params({}) }).map((e) => e.name)).toEqual(['currency']);
    expect(checkCountryRules('CO', { paymentType: 'DB', currency: 'COP', params: params({}) })).toEqual([]);
    expect(checkCountryRules('CO', { paymentType: 'DB', currency: 'COL', params: params({}) }).map((e) => e.name)).toEqual(['currency']);
  });

  it('keeps PA and CP to Brazil, except voucher slips', () => {
    for (const country of ['MX', 'CO'] as const) {
      const currency = COUNTRY_PROFILES[country].currency;
      expect(checkCountryRules(country, { paymentType: 'PA', currency, params: params({ paymentBrand: 'VISA' }) }).map((e) => e.name)).toEqual(['paymentType']);
      expect(checkCountryRules(country, { paymentType: 'CP', currency, params: params({}) }).map((e) => e.name)).toEqual(['paymentType']);
    }
    expect(checkCountryRules('MX', { paymentType: 'PA', currency: 'MXN', params: params({ paymentBrand: 'OXXO' }) })).toEqual([]);
    expect(checkCountryRules('CO', { paymentType: 'PA', currency: 'COP', params: params({ paymentBrand: 'BALOTO' }) })).toEqual([]);
    expect(checkCountryRules('MX', { paymentType: 'PA', currency: 'MXN', params: params({ paymentBrand: 'BALOTO' }) }).map((e) => e.name)).toEqual(['paymentType']);
  });

  it('reports every broken rule at once', () => {
    const errors = checkCountryRules('MX', { paymentType: 'CP', currency: 'USD', params: params({}) });
    expect(errors.map((e) => e.name)).toEqual(['paymentType', 'currency']);
    for (const e of errors) expect(e.message.length).toBeGreaterThan(0);
  });
});
