// Spec, "Integration through an external payment gateway": the names such a gateway sends for the
// billing address of methods that need one (BOLETO) and for the shopper's tax number. The relay
// accepts them and maps them onto billing.* and customer.identification* (server/src/vouchers/gateway-fields.ts).

import type { ParamRow } from './row.js';

export const gatewayFields: readonly ParamRow[] = [
  { name: 'billingAddress.country', format: 'country', requirement: 'Conditional', notes: 'A2. Maps to billing.country.' },
  { name: 'billingAddress.city', format: 'AN255', requirement: 'Conditional', notes: 'A255. Maps to billing.city.' },
  { name: 'billingAddress.street', format: 'AN100', requirement: 'Conditional', notes: 'AN100, characters shared with houseNumberOrName. With it, maps to billing.street1.' },
  { name: 'billingAddress.houseNumberOrName', format: 'AN100', requirement: 'Conditional', notes: 'AN100, shared with street.' },
  { name: 'billingAddress.stateOrProvince', format: 'A2', requirement: 'Conditional', notes: 'A2. Maps to billing.state.' },
  { name: 'billingAddress.postalCode', format: '/^[0-9]{5}-?[0-9]{3}$/', requirement: 'Conditional', notes: 'N8 (a hyphen after the fifth digit is taken off). Maps to billing.postcode.' },
  { name: 'shopper.socialSecurityNumber', format: '/^([0-9]{11}|[0-9]{14})$/', requirement: 'Conditional', notes: 'The CPF (N11) or CNPJ (N14). Maps to customer.identificationDocType=TAXSTATEMENT and customer.identificationDocId.' },
];
