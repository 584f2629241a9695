// Spec: "Customer", its browser data for 3-D Secure v2, and shipping.customer.* (a different
// shipping recipient, derived from the same rows so the two never drift apart).

import type { ParamRow } from './row.js';

/** The spec: givenName and surname are "truncated after 48 characters", not rejected. */
export const NAME_TRUNCATION = 48;

export const customer: readonly ParamRow[] = [
  { name: 'customer.merchantCustomerId', format: 'AN255', requirement: 'Optional', notes: 'Shop-side customer id.' },
  { name: 'customer.givenName', format: 'AN', requirement: 'Conditional', truncate: NAME_TRUNCATION, notes: 'Any characters. Required if any other customer field is sent; truncated after 48 characters. The relay holds only strict channels to the requirement (server/src/params/rules.ts, strictOnly).' },
  { name: 'customer.middleName', format: 'AN{2,50}', requirement: 'Optional' },
  { name: 'customer.surname', format: 'AN', requirement: 'Conditional', truncate: NAME_TRUNCATION, notes: 'As givenName; truncated after 48 characters.' },
  { name: 'customer.sex', format: 'enum(M,F)', requirement: 'Optional' },
  { name: 'customer.birthDate', format: 'date', requirement: 'Optional' },
  { name: 'customer.phone', format: '/^[+0-9]\\P{Cc}{6,24}$/', requirement: 'Optional', notes: 'AN25, leading + or digit, 7-25.' },
  { name: 'customer.mobile', format: '/^[+0-9]\\P{Cc}{4,24}$/', requirement: 'Optional', notes: 'AN25, leading + or digit, 5-25.' },
  { name: 'customer.workPhone', format: 'AN25', requirement: 'Optional' },
  { name: 'customer.email', format: 'AN{6,128}', requirement: 'Optional', notes: 'Needed for some risk checks and direct debit mandates.' },
  { name: 'customer.companyName', format: 'AN60', requirement: 'Optional' },
  { name: 'customer.identificationDocType', format: 'enum(IDCARD,PASSPORT,TAXSTATEMENT)', requirement: 'Conditional', notes: 'A12. Sent together with identificationDocId; mandatory for some methods (BOLETO: TAXSTATEMENT with the CPF or CNPJ).' },
  { name: 'customer.identificationDocId', format: 'AN{8,64}', requirement: 'Conditional', notes: 'Sent together with identificationDocType.' },
  { name: 'customer.ip', format: 'AN255', requirement: 'Optional' },
  { name: 'customer.browserFingerprint.id', format: 'AN255', requirement: 'Optional' },
  { name: 'customer.browserFingerprint.value', format: 'AN4096', requirement: 'Optional' },
  { name: 'customer.browser.acceptHeader', format: 'AN2048', requirement: 'Conditional', notes: 'Mandatory for 3-D Secure v2.' },
  { name: 'customer.browser.language', format: '/^(?=.{2,8}$)[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/', requirement: 'Conditional', notes: 'Up to 8 (BCP 47). Mandatory for 3-D Secure v2.' },
  { name: 'customer.browser.screenHeight', format: 'N6', requirement: 'Conditional', notes: 'Pixels; mandatory for 3-D Secure v2.' },
  { name: 'customer.browser.screenWidth', format: 'N6', requirement: 'Conditional', notes: 'Pixels; mandatory for 3-D Secure v2.' },
  { name: 'customer.browser.timezone', format: '/^[+-]?[0-9]{1,4}$/', requirement: 'Conditional', notes: 'Up to 5: offset in minutes between UTC and browser local time (positive when local time is behind UTC); mandatory for 3-D Secure v2.' },
  { name: 'customer.browser.userAgent', format: 'AN2048', requirement: 'Conditional', notes: 'Mandatory for 3-D Secure v2.' },
  { name: 'customer.browser.javaEnabled', format: 'bool', requirement: 'Conditional', notes: 'Mandatory for 3-D Secure v2.' },
  { name: 'customer.browser.screenColorDepth', format: 'N2', requirement: 'Optional', notes: 'Bits per pixel.' },
  { name: 'customer.browser.challengeWindow', format: 'N2', requirement: 'Optional', notes: 'Preconfigured challenge window size.' },
  { name: 'customer.browser.deviceId', format: 'AN32', requirement: 'Optional' },
  { name: 'customer.status', format: 'enum(NEW,EXISTING)', requirement: 'Optional', notes: 'A9.' },
];

/** "Every customer field except browserFingerprint.* and browser.deviceId", all optional. */
export const shippingCustomer: readonly ParamRow[] = customer
  .filter((r) => !r.name.startsWith('customer.browserFingerprint.') && r.name !== 'customer.browser.deviceId')
  .map((r) => ({ ...r, name: `shipping.${r.name}`, requirement: 'Optional', notes: `As ${r.name}, for a different shipping recipient.` }));
