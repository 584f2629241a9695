// Spec: "Merchant".

import type { ParamRow } from './row.js';

/** Key of a name-value map (merchant.data, customParameters): letters digits dot underscore, 3-64. */
export const MAP_KEY = '/^[A-Za-z0-9._]{3,64}$/';

export const merchant: readonly ParamRow[] = [
  { name: 'merchant.name', format: 'AN100', requirement: 'Optional', notes: 'Overrides the merchant name on the statement.' },
  { name: 'merchant.city', format: 'AN100', requirement: 'Optional', notes: 'Second statement line.' },
  { name: 'merchant.street', format: 'AN100', requirement: 'Optional' },
  { name: 'merchant.postcode', format: 'AN10', requirement: 'Optional' },
  { name: 'merchant.state', format: 'AN50', requirement: 'Optional' },
  { name: 'merchant.country', format: 'country', requirement: 'Optional', notes: 'A2.' },
  { name: 'merchant.phone', format: 'AN25', requirement: 'Optional' },
  { name: 'merchant.mcc', format: 'AN4', requirement: 'Optional', notes: 'Category code.' },
  { name: 'merchant.submerchantId', format: 'AN100', requirement: 'Optional', notes: 'Only for card-network payment facilitators.' },
  { name: 'merchant.data[key]', key: MAP_KEY, format: 'AN{0,2048}', requirement: 'Optional', notes: 'Key AN64 (letters digits dot underscore, 3-64); value 0-2048.' },
  { name: 'merchant.websiteId', format: 'AN255', requirement: 'Optional' },
];
