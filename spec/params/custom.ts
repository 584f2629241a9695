// Spec: "Custom parameters, risk, gift card".

import { MAP_KEY } from './merchant.js';
import type { ParamRow } from './row.js';

export const GIFT_CARD_TYPES =
  'enum(ANNIVERSARY,BIRTHDAY,CONGRATULATIONS,APRIL_FOOLS_DAY,EASTER,FATHERS_DAY,GRADUATION,HOLIDAY,SEASONS_GREETINGS,PASSOVER,KWANZAA,HALLOWEEN,MOTHERS_DAY,NEW_YEARS_DAY,BOSSES_DAY,ST_PATRICKS_DAY,SWEETEST_DAY,CHRISTMAS,BABY_SHOWER,THANKSGIVING,OTHER,VALENTINES_DAY,WEDDING,SECRETARYS_DAY,CHINESE_NEW_YEAR,HANUKKAH,CELEBRATE_FALL,GRANDPARENTS_DAY,INDEPENDENCE_DAY)';

/** Names sent from the client side (the widget form) must start with this. */
export const SHOPPER_PREFIX = 'SHOPPER_';

export const custom: readonly ParamRow[] = [
  { name: 'customParameters[name]', key: MAP_KEY, format: 'AN{0,2048}', requirement: 'Conditional', notes: 'Name AN64 (letters digits dot underscore, 3-64); value 0-2048. Echoed back in the response. Names sent from the client side must start with SHOPPER_.' },
  { name: 'risk.channelId', format: 'AN255', requirement: 'Optional', notes: 'Limited to 12 by the risk service. Request-level risk channel.' },
  { name: 'risk.serviceId', format: 'AN255', requirement: 'Optional', notes: 'Limited to 1 by the risk service. Chooses the screening service.' },
  { name: 'risk.amount', format: 'N10.N2', requirement: 'Optional', notes: 'Also used as the 3-D Secure amount when present.' },
  { name: 'risk.orderTimestamp', format: 'datetime', requirement: 'Optional', notes: 'Defaults to the system time.' },
  { name: 'risk.brand', format: 'AN255', requirement: 'Optional', notes: 'Defaults to paymentBrand.' },
  { name: 'risk.parameters[name]', key: MAP_KEY, format: 'AN{0,2048}', requirement: 'Optional', notes: 'As customParameters.' },
  { name: 'risk.merchantWebsite', format: 'AN60', requirement: 'Optional' },
  { name: 'risk.accountToken', format: 'AN64', requirement: 'Optional' },
  { name: 'giftCard.message', format: 'AN{2,160}', requirement: 'Optional' },
  { name: 'giftCard.type', format: GIFT_CARD_TYPES, requirement: 'Optional', notes: 'AN16.' },
];
