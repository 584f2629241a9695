// External gateways' names (spec/params/gateway.ts) mapped onto the API's own: billingAddress.* to
// billing.*, shopper.socialSecurityNumber to customer.identificationDocType/DocId. The API's own
// name wins when both are sent with the same value; different values are refused, naming the
// gateway's parameter, rather than one of them silently ignored.

import { nameMemo } from '../params/name-memo.js';
import { shapeOf } from '../params/shape.js';
import type { FlatParams } from '../params/types.js';
import type { ParameterError } from '../domain/errors.js';

const SIMPLE: readonly (readonly [string, string])[] = [
  ['billingAddress.country', 'billing.country'],
  ['billingAddress.city', 'billing.city'],
  ['billingAddress.stateOrProvince', 'billing.state'],
  ['billingAddress.postalCode', 'billing.postcode'],
];

export type Mapped = { ok: true; params: FlatParams } | { ok: false; errors: ParameterError[] };

/** Whether a name is an external gateway's, remembered per name: every payment asks of each. */
const isGatewayName = nameMemo((name) => name.startsWith('billingAddress.') || name === 'shopper.socialSecurityNumber');

const anyGatewayName = (names: Iterable<string>): boolean => {
  for (const name of names) if (isGatewayName(name)) return true;
  return false;
};

function hasGatewayFields(params: FlatParams): boolean {
  return shapeOf(params)?.fact(anyGatewayName) ?? anyGatewayName(params.keys());
}

export function mapGatewayFields(params: FlatParams): Mapped {
  if (!hasGatewayFields(params)) return { ok: true, params };
  const out = new Map(params);
  const errors: ParameterError[] = [];
  const put = (from: string, to: string, value: string): void => {
    const existing = out.get(to);
    if (existing !== undefined && existing !== value) {
      errors.push({ name: from, value: params.get(from) ?? '', message: `differs from ${to} sent in the same request` });
      return;
    }
    out.set(to, value);
  };
  for (const [from, to] of SIMPLE) {
    const value = params.get(from);
    if (value !== undefined) put(from, to, from === 'billingAddress.postalCode' ? value.replace('-', '') : value);
  }
  const street = params.get('billingAddress.street');
  const house = params.get('billingAddress.houseNumberOrName');
  if (street !== undefined || house !== undefined) {
    const joined = [street, house].filter((s) => s !== undefined && s !== '').join(', ');
    if ([...joined].length > 100) errors.push({ name: 'billingAddress.street', value: street ?? '', message: 'street and houseNumberOrName share 100 characters' });
    else put(street !== undefined ? 'billingAddress.street' : 'billingAddress.houseNumberOrName', 'billing.street1', joined);
  }
  const ssn = params.get('shopper.socialSecurityNumber');
  if (ssn !== undefined) {
    put('shopper.socialSecurityNumber', 'customer.identificationDocType', 'TAXSTATEMENT');
    put('shopper.socialSecurityNumber', 'customer.identificationDocId', ssn);
  }
  for (const name of [...out.keys()]) if (isGatewayName(name)) out.delete(name);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, params: out };
}
