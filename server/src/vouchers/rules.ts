// What a slip request must satisfy, as a list of failing parameters (400 naming each): the brand's
// required fields, currency, billing country, the payment type (a slip is a PA), the Brazilian tax
// number's check digits, the postcode's eight digits, the due date. The same check, with only the
// fields present, runs when a checkout is prepared (checkoutVoucherErrors).

import { validCnpj, validCpf } from '../domain/country.js';
import type { FlatParams } from '../params/types.js';
import type { ParameterError } from '../domain/errors.js';
import type { VoucherBrand } from './brands.js';
import { parseDueDate, DUE_DATE_PARAM } from './timing.js';
import { MAX_BOLETO_AMOUNT } from './boleto-code.js';

function error(params: FlatParams, name: string, message: string): ParameterError {
  return { name, value: params.get(name) ?? '', message };
}

/**
 * The checks of values that are present; `complete` adds the brand's required fields. A slip paid
 * through a checkout has its result URL bound by the checkout (`resultUrlBound`), not sent.
 */
function check(brand: VoucherBrand, params: FlatParams, amount: number | undefined, now: number, complete: boolean, resultUrlBound = false): ParameterError[] {
  const errors: ParameterError[] = [];
  if (complete) {
    for (const name of brand.requires) {
      if (name === 'shopperResultUrl' && resultUrlBound) continue;
      if (!params.get(name)) errors.push(error(params, name, `is required for ${brand.brand}`));
    }
  }
  const paymentType = params.get('paymentType');
  if (paymentType !== undefined && paymentType !== 'PA') errors.push(error(params, 'paymentType', `${brand.brand} slips are issued as PA`));
  const currency = params.get('currency');
  if (currency !== undefined && currency !== brand.currency) errors.push(error(params, 'currency', `must be ${brand.currency} for ${brand.brand}`));
  const country = params.get('billing.country');
  if (country !== undefined && country !== brand.billingCountry) errors.push(error(params, 'billing.country', `must be ${brand.billingCountry} for ${brand.brand}`));
  if (brand.taxNumber) {
    const docType = params.get('customer.identificationDocType');
    const docId = params.get('customer.identificationDocId');
    if (complete || docType !== undefined || docId !== undefined) {
      if (docType !== 'TAXSTATEMENT') errors.push(error(params, 'customer.identificationDocType', `must be TAXSTATEMENT: ${brand.brand} needs the shopper's CPF or CNPJ`));
      if (!validCpf(docId ?? '') && !validCnpj(docId ?? '')) errors.push(error(params, 'customer.identificationDocId', 'must be a valid CPF (11 digits) or CNPJ (14 digits), digits only, check digits included'));
    }
    const postcode = params.get('billing.postcode');
    if (postcode !== undefined && !/^\d{8}$/.test(postcode)) errors.push(error(params, 'billing.postcode', 'must be 8 digits, without dashes, spaces or slashes'));
    const state = params.get('billing.state');
    if (state !== undefined && !/^[A-Z]{2}$/.test(state)) errors.push(error(params, 'billing.state', 'must be the 2-letter state code'));
    if (amount !== undefined && amount > MAX_BOLETO_AMOUNT) errors.push(error(params, 'amount', 'a boleto holds at most 99999999.99'));
  }
  if (amount !== undefined && amount <= 0) errors.push(error(params, 'amount', 'a slip must be for more than zero'));
  // A slip pays no account, so there is no card to store.
  if (params.get('createRegistration') === 'true') errors.push(error(params, 'createRegistration', `registrations store cards; ${brand.brand} pays with a slip`));
  const due = params.get(DUE_DATE_PARAM);
  if (due !== undefined) {
    const parsed = parseDueDate(brand, due, now);
    if (!parsed.ok) errors.push(error(params, DUE_DATE_PARAM, parsed.message));
  }
  return errors;
}

/** Every rule a slip request breaks; empty when the slip can be issued. */
export function voucherErrors(brand: VoucherBrand, params: FlatParams, amount: number, now: number, resultUrlBound = false): ParameterError[] {
  return check(brand, params, amount, now, true, resultUrlBound);
}

/** At prepare time the shopper may still add fields: what is there must already be right. */
export function checkoutVoucherErrors(brand: VoucherBrand, params: FlatParams, amount: number | undefined, now: number): ParameterError[] {
  return check(brand, params, amount, now, false);
}
