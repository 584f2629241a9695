// The voucher slip methods as data: which country's bank calendar a slip follows, its currency and
// billing country, what a request must carry, and how long the simulated shopper takes to pay.
// Spec, "Voucher methods": BOLETO in BRL with the shopper's name, tax number and billing address;
// OXXO in MXN with billing.country=MX; BALOTO in COP. The spec's field table for BALOTO names MX
// as its billing country while its request sends CO: CO it is here, the country BALOTO serves.

import type { CountryCode } from '../domain/country.js';

export type VoucherBrandCode = 'BOLETO' | 'OXXO' | 'BALOTO';

export interface VoucherBrand {
  brand: VoucherBrandCode;
  /** Its bank calendar (business days) and its country rules. */
  country: CountryCode;
  currency: string;
  billingCountry: string;
  /** Parameters a slip of this brand cannot be issued without (beyond amount, currency, type). */
  requires: readonly string[];
  /** Whether the shopper's CPF or CNPJ is needed (customer.identificationDocType=TAXSTATEMENT). */
  taxNumber: boolean;
  /**
   * Business days after issue until the simulator confirms the slip, unless configured
   * (VOUCHER_CONFIRM_BUSINESS_DAYS): the spec's "Voucher confirmation" limits, BOLETO 2-3 and
   * OXXO and BALOTO 1-3 business days; the lower bound is the default.
   */
  confirmBusinessDays: number;
  /** The slip's name on its page. */
  label: string;
  /** Where the shopper pays it, as the page says. */
  payAt: string;
}

const BOLETO_REQUIRES = ['customer.givenName', 'customer.surname', 'billing.street1', 'billing.city', 'billing.state', 'billing.postcode', 'billing.country', 'shopperResultUrl'];

export const VOUCHER_BRANDS: Readonly<Record<VoucherBrandCode, VoucherBrand>> = {
  BOLETO: { brand: 'BOLETO', country: 'BR', currency: 'BRL', billingCountry: 'BR', requires: BOLETO_REQUIRES, taxNumber: true, confirmBusinessDays: 2, label: 'Boleto Bancário', payAt: 'any bank, lottery office or banking app' },
  OXXO: { brand: 'OXXO', country: 'MX', currency: 'MXN', billingCountry: 'MX', requires: ['billing.country', 'shopperResultUrl'], taxNumber: false, confirmBusinessDays: 1, label: 'OXXO', payAt: 'any OXXO store' },
  BALOTO: { brand: 'BALOTO', country: 'CO', currency: 'COP', billingCountry: 'CO', requires: ['billing.country', 'shopperResultUrl'], taxNumber: false, confirmBusinessDays: 1, label: 'Baloto', payAt: 'any Baloto point' },
};

/**
 * The brand a request names, with the external gateways' spelling: the spec's "<service>_boleto"
 * (a gateway's own word, then _boleto) is BOLETO.
 */
export function voucherBrandOf(paymentBrand: string | undefined): VoucherBrand | undefined {
  if (paymentBrand === undefined) return undefined;
  if (paymentBrand in VOUCHER_BRANDS) return VOUCHER_BRANDS[paymentBrand as VoucherBrandCode];
  if (/^[A-Za-z0-9]+_boleto$/i.test(paymentBrand)) return VOUCHER_BRANDS.BOLETO;
  return undefined;
}

export function isVoucherBrand(paymentBrand: string | undefined): boolean {
  return voucherBrandOf(paymentBrand) !== undefined;
}
