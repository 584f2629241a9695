// Country profiles as data, and the one function that applies them to a request.
//
// The specification's country rules: PA and CP are used only in Brazil; DB is usable for Brazil
// (BRL), Mexico (MXN) and Colombia; the Brazilian tax number (CPF, CNPJ for companies) is mandatory
// for every payment in Brazil, sent as customer.identificationDocType=TAXSTATEMENT plus
// customer.identificationDocId. Voucher slips are PA requests too (OXXO in MXN, BALOTO in COP), so
// those brands may use PA outside Brazil. CD and the follow-ups RF and RV are not restricted by the
// country note; CP follows PA.

// The CPF/CNPJ check digits live in spec/ so the widget's slip form checks them as typed with the
// same code.
import { validCnpj, validCpf } from '../../../spec/tax-number.js';

export { validCnpj, validCpf };

export type CountryCode = 'BR' | 'MX' | 'CO';

export interface CountryProfile {
  country: CountryCode;
  /** The only currency accepted. */
  currency: string;
  /** Payment types allowed for every brand. */
  paymentTypes: readonly string[];
  /** Payment types allowed only for the listed brands (voucher slips are PA). */
  brandPaymentTypes: readonly { paymentType: string; brands: readonly string[] }[];
  /** Payment types that must carry the tax number (initial payments; follow-ups reference one). */
  taxIdRequiredFor: readonly string[];
}

export const COUNTRY_PROFILES: Readonly<Record<CountryCode, CountryProfile>> = {
  BR: {
    country: 'BR',
    currency: 'BRL',
    paymentTypes: ['PA', 'CP', 'DB', 'CD', 'RF', 'RV'],
    brandPaymentTypes: [],
    taxIdRequiredFor: ['PA', 'DB', 'CD'],
  },
  MX: {
    country: 'MX',
    currency: 'MXN',
    paymentTypes: ['DB', 'CD', 'RF', 'RV'],
    brandPaymentTypes: [{ paymentType: 'PA', brands: ['OXXO'] }],
    taxIdRequiredFor: [],
  },
  // The debit note names the currency "COL", which is not an ISO 4217 code; the voucher request
  // and ISO 4217 say COP, and currency is validated as ISO 4217, so COP it is.
  CO: {
    country: 'CO',
    currency: 'COP',
    paymentTypes: ['DB', 'CD', 'RF', 'RV'],
    brandPaymentTypes: [{ paymentType: 'PA', brands: ['BALOTO'] }],
    taxIdRequiredFor: [],
  },
};

export interface CountryRuleError {
  /** The parameter at fault. */
  name: string;
  message: string;
}

export interface CountryRequest {
  paymentType: string;
  /** Absent or empty for a reversal, which carries no currency. */
  currency?: string | undefined;
  params: ReadonlyMap<string, string>;
}

function typeAllowed(profile: CountryProfile, paymentType: string, brand: string | undefined): boolean {
  if (profile.paymentTypes.includes(paymentType)) return true;
  return profile.brandPaymentTypes.some((row) => row.paymentType === paymentType && brand !== undefined && row.brands.includes(brand));
}

/** Every rule of the country profile the request breaks; empty when it complies. */
export function checkCountryRules(profile: CountryProfile | CountryCode, request: CountryRequest): CountryRuleError[] {
  const p = typeof profile === 'string' ? COUNTRY_PROFILES[profile] : profile;
  const errors: CountryRuleError[] = [];
  const brand = request.params.get('paymentBrand');

  if (!typeAllowed(p, request.paymentType, brand)) {
    const onlyFor = p.brandPaymentTypes.filter((row) => row.paymentType === request.paymentType).flatMap((row) => row.brands);
    const message = onlyFor.length > 0
      ? `${request.paymentType} is available in country ${p.country} only for ${onlyFor.join(', ')}`
      : `${request.paymentType} is not available in country ${p.country}`;
    errors.push({ name: 'paymentType', message });
  }
  if (request.currency !== undefined && request.currency !== '' && request.currency !== p.currency) {
    errors.push({ name: 'currency', message: `must be ${p.currency} in country ${p.country}` });
  }
  if (p.taxIdRequiredFor.includes(request.paymentType)) {
    if (request.params.get('customer.identificationDocType') !== 'TAXSTATEMENT') {
      errors.push({ name: 'customer.identificationDocType', message: `must be TAXSTATEMENT: the tax number is mandatory for every payment in country ${p.country}` });
    }
    const id = request.params.get('customer.identificationDocId') ?? '';
    if (!validCpf(id) && !validCnpj(id)) {
      errors.push({ name: 'customer.identificationDocId', message: 'must be a valid CPF (11 digits) or CNPJ (14 digits), digits only' });
    }
  }
  return errors;
}
