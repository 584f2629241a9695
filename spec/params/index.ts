// The catalogue: every request section of the spec, by name, and the response-side tables.

import { airline } from './airline.js';
import { asyncPayment } from './async.js';
import { bankAccount } from './bank-account.js';
import { basic } from './basic.js';
import { billing } from './billing.js';
import { card } from './card.js';
import { cart } from './cart.js';
import { custom } from './custom.js';
import { customer, shippingCustomer } from './customer.js';
import { gatewayFields } from './gateway.js';
import { job } from './job.js';
import { merchant } from './merchant.js';
import { reconciliation } from './reconciliation.js';
import { response } from './response.js';
import type { ParamRow } from './row.js';
import { shipping } from './shipping.js';
import { threeDSecure } from './three-d-secure.js';
import { tokenization } from './tokenization.js';
import { virtualAccount } from './virtual-account.js';
import { wallet } from './wallet.js';

export type { ParamRow, Requirement } from './row.js';

/** Request parameters, one entry per section of the spec. */
export const REQUEST_SECTIONS = {
  basic,
  card,
  wallet,
  virtualAccount,
  bankAccount,
  customer,
  shippingCustomer,
  billing,
  shipping,
  merchant,
  cart,
  airline,
  tokenization,
  threeDSecure,
  custom,
  asyncPayment,
  job,
  gatewayFields,
} as const satisfies Record<string, readonly ParamRow[]>;

export const REQUEST_ROWS: readonly ParamRow[] = Object.values(REQUEST_SECTIONS).flat();

/** Response-side tables: never accepted in a request. */
export const RESPONSE_SECTIONS = { response, reconciliation } as const satisfies Record<string, readonly ParamRow[]>;
