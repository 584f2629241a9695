// The country rules a checkout can be held to when it is prepared: the entity's country profile
// (payment type and currency; the tax number only if it is sent, since the shopper may add it in
// the form) and, for a slip brand, the brand's currency, billing country, document and due date
// as far as they are sent. What the shopper adds is checked again when the payment is made.

import { checkCountryRules } from '../domain/country.js';
import { parseAmount } from '../domain/money.js';
import type { EntityRecord } from '../domain/records.js';
import type { FlatParams } from '../params/types.js';
import type { ParameterError } from '../domain/errors.js';
import { mapGatewayFields } from './gateway-fields.js';
import { voucherBrandOf } from './brands.js';
import { checkoutVoucherErrors } from './rules.js';

export function checkoutCountryErrors(entity: EntityRecord, sent: FlatParams, now: number): ParameterError[] {
  const mapped = mapGatewayFields(sent);
  if (!mapped.ok) return mapped.errors;
  const params = mapped.params;
  const errors: ParameterError[] = [];
  const paymentType = params.get('paymentType');
  const country = entity.settings.country;
  if (country && paymentType !== undefined) {
    const sentTaxNumber = params.has('customer.identificationDocId') || params.has('customer.identificationDocType');
    for (const e of checkCountryRules(country, { paymentType, currency: params.get('currency'), params })) {
      if (e.name.startsWith('customer.identification') && !sentTaxNumber) continue;
      errors.push({ name: e.name, value: params.get(e.name) ?? '', message: e.message });
    }
  }
  const voucher = voucherBrandOf(params.get('paymentBrand'));
  if (voucher) {
    const amountText = params.get('amount');
    for (const e of checkoutVoucherErrors(voucher, params, amountText === undefined ? undefined : parseAmount(amountText), now)) {
      if (!errors.some((x) => x.name === e.name)) errors.push(e);
    }
  }
  return errors;
}
