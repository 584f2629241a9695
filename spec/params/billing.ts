// Spec: "Billing address".

import type { ParamRow } from './row.js';

export const billing: readonly ParamRow[] = [
  { name: 'billing.street1', format: 'AN100', requirement: 'Conditional', notes: 'Mandatory for 3-D Secure v2.' },
  { name: 'billing.street2', format: 'AN100', requirement: 'Conditional', notes: 'street1 plus street2 must not be digits only.' },
  { name: 'billing.houseNumber1', format: 'AN100', requirement: 'Optional', notes: 'If present, street1 holds only the street name and street2 is ignored.' },
  { name: 'billing.houseNumber2', format: 'AN100', requirement: 'Optional', notes: 'Requires houseNumber1.' },
  { name: 'billing.city', format: 'AN80', requirement: 'Conditional', notes: 'Mandatory for 3-D Secure v2.' },
  { name: 'billing.state', format: '/^[\\p{L}\\p{N}. -]{1,50}$/', requirement: 'Conditional', notes: 'AN50, letters digits dot; blanks and hyphens also accepted (New York, Rio de Janeiro).' },
  { name: 'billing.postcode', format: '/^[A-Za-z0-9 -]{1,30}$/', requirement: 'Conditional', notes: 'AN30, letters digits; blanks and hyphens also accepted (SW1A 1AA, 01310-100). Mandatory for 3-D Secure v2.' },
  { name: 'billing.country', format: 'country', requirement: 'Conditional', notes: 'A2 upper case, ISO 3166-1. Mandatory for 3-D Secure v2.' },
  { name: 'billing.normalized', format: 'AN255', requirement: 'Optional' },
  { name: 'billing.validationStatus', format: 'AN255', requirement: 'Optional' },
];
