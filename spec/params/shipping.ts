// Spec: "Shipping address" (the recipient's own customer.* rows are in customer.ts).

import type { ParamRow } from './row.js';

export const SHIPPING_METHODS =
  'enum(LOWEST_COST,CARRIER_DESIGNATED_BY_CUSTOMER,ELECTRONIC_DELIVERY,GROUND,INTERNATIONAL,MILITARY,NEXT_DAY_OVERNIGHT,OTHER,STORE_PICKUP,SAME_DAY_SERVICE,TWO_DAY_SERVICE,THREE_DAY_SERVICE,PUDO,EXPEDITED)';

export const shipping: readonly ParamRow[] = [
  { name: 'shipping.street1', format: 'AN100', requirement: 'Conditional' },
  { name: 'shipping.street2', format: 'AN100', requirement: 'Conditional' },
  { name: 'shipping.houseNumber1', format: 'AN100', requirement: 'Optional', notes: 'Same rules as billing.' },
  { name: 'shipping.houseNumber2', format: 'AN100', requirement: 'Optional', notes: 'Same rules as billing: requires houseNumber1.' },
  { name: 'shipping.city', format: "/^[\\p{L}\\p{M} .'-]{1,80}$/", requirement: 'Conditional', notes: 'AN80, letters (with the blanks, dots, apostrophes and hyphens of city names).' },
  { name: 'shipping.state', format: 'AN50', requirement: 'Conditional' },
  { name: 'shipping.postcode', format: 'AN30', requirement: 'Conditional' },
  { name: 'shipping.country', format: 'country', requirement: 'Conditional', notes: 'A2.' },
  { name: 'shipping.method', format: SHIPPING_METHODS, requirement: 'Conditional', notes: 'AN30.' },
  { name: 'shipping.cost', format: 'N10.N2', requirement: 'Conditional', notes: 'N13: up to 10 digits, dot, 2 decimals.' },
  { name: 'shipping.comment', format: 'AN160', requirement: 'Conditional' },
  { name: 'shipping.expectedDate', format: 'date', requirement: 'Optional' },
  { name: 'shipping.logisticsProvider', format: 'AN255', requirement: 'Optional' },
  { name: 'shipping.trackingNumber', format: 'AN255', requirement: 'Optional' },
  { name: 'shipping.returnTrackingNumber', format: 'AN255', requirement: 'Optional' },
  { name: 'shipping.normalized', format: 'AN255', requirement: 'Optional' },
  { name: 'shipping.validationStatus', format: 'AN255', requirement: 'Optional' },
  { name: 'shipping.warehouse', format: 'AN100', requirement: 'Optional' },
];
