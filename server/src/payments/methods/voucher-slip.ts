// A voucher slip (BOLETO, OXXO, BALOTO) pays with no account: the relay issues the slip, the
// shopper pays it at a bank or a shop days later (vouchers/). Not for a stored card's payment.
// Its confirmation and expiry are jobs written with the slip (vouchers/jobs.ts); an attempt left
// on a checkout is no attempt to end: the open slip answers again.

import { voucherBrandOf, type VoucherBrand } from '../../vouchers/brands.js';
import { createSlip } from '../../vouchers/create-slip.js';
import { voucherErrors } from '../../vouchers/rules.js';
import type { FlatParams } from '../../params/types.js';
import type { IssuedMethod } from './method.js';

/** The slip's brand: a voucher slip row pays only requests that name one. */
function brandOf(params: FlatParams): VoucherBrand {
  const brand = voucherBrandOf(params.get('paymentBrand'));
  if (!brand) throw new TypeError('a voucher slip without a voucher brand');
  return brand;
}

export const voucherSlip: IssuedMethod = {
  name: 'voucherSlip',
  way: 'issued',
  pays: (params, source) => source.registration === undefined && voucherBrandOf(params.get('paymentBrand')) !== undefined,
  parameterErrors: (params, amount, now, source) => voucherErrors(brandOf(params), params, amount, now, source.resultUrl !== undefined),
  pendingKind: 'slip',
  issue: (ctx, entity, params, amount, source) =>
    createSlip(ctx, entity, brandOf(params), params, amount, {
      ...(source.checkout ? { checkout: source.checkout } : {}),
      ...(source.resultUrl ? { resultUrl: source.resultUrl } : {}),
      ...(source.claim ? { claim: source.claim } : {}),
    }),
};
