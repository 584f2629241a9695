// Spec: "Cart": cart.items[n].<field> (index from 0, at most 1000 items) and cart.payments[n].<field>
// (payment methods already used). N13 "2 decimals" is N10.N2: 10 digits + dot + 2 = 13 characters.

import type { ParamRow, Requirement } from './row.js';

const item = (field: string, format: string, requirement: Requirement, notes?: string): ParamRow =>
  notes === undefined
    ? { name: `cart.items[n].${field}`, format, requirement }
    : { name: `cart.items[n].${field}`, format, requirement, notes };

export const cartItems: readonly ParamRow[] = [
  item('name', 'AN255', 'Conditional'),
  item('merchantItemId', 'AN255', 'Conditional'),
  item('quantity', 'N12.N{1,3}', 'Conditional', 'Up to 12 digits, optional fraction of up to 3 digits.'),
  item('type', 'enum(PHYSICAL,DIGITAL,MIXED,ANONYMOUS_DONATION,AUTHORITIES_PAYMENT)', 'Conditional'),
  item('sku', 'AN255', 'Optional'),
  item('currency', 'currency', 'Conditional', 'ISO 4217.'),
  item('description', 'AN2048', 'Conditional'),
  item('price', 'N10.N2', 'Conditional', 'N13, 2 decimals; includes tax and discount, independent of quantity.'),
  item('totalAmount', 'N10.N2', 'Conditional', 'N13; includes quantity.'),
  item('taxAmount', 'N10.N2', 'Conditional', 'N13; per item.'),
  item('totalTaxAmount', 'N10.N2', 'Conditional', 'N13.'),
  item('tax', '/^(100(\\.0{1,2})?|[0-9]{1,2}(\\.[0-9]{1,2})?)$/', 'Conditional', 'Percentage 0-100, up to 2 decimals.'),
  item('shipping', 'N10.N2', 'Conditional'),
  item('discount', 'N10.N2', 'Conditional', 'N13.'),
  item('giftMessage', 'AN255', 'Optional'),
  item('shippingMethod', 'AN255', 'Optional'),
  item('shippingInstructions', 'AN255', 'Optional'),
  item('shippingTrackingNumber', 'AN255', 'Optional'),
  item('originalPrice', 'AN255', 'Optional'),
  item('quantityUnit', 'enum(M,CM,KG,G,COUNT)', 'Optional', 'Default COUNT.'),
  item('productUrl', 'url2048', 'Optional', 'Valid URL.'),
  item('imageUrl', 'url2048', 'Optional', 'Valid URL.'),
  item('totalDiscountAmount', 'N10.N2', 'Optional'),
];

const payment = (field: string, format: string): ParamRow => ({ name: `cart.payments[n].${field}`, format, requirement: 'Optional' });

export const cartPayments: readonly ParamRow[] = [
  payment('name', 'AN255'),
  payment('type', 'enum(GIFTCARD,PROMOTION)'),
  payment('amount', 'N10.N2'),
  payment('currency', 'currency'),
  payment('status', 'enum(pending,authorized,captured)'),
  payment('brand', 'AN255'),
  payment('primary', 'bool'),
];

export const cart: readonly ParamRow[] = [...cartItems, ...cartPayments];
