// Spec: "Card account". Digits only in ASCII (B7), identically in the widget's card frame.

import type { ParamRow } from './row.js';

export const card: readonly ParamRow[] = [
  { name: 'card.holder', format: 'AN{3,128}', requirement: 'Optional', notes: 'Printed A128, length 3-128. Written AN: holder names carry blanks, hyphens, apostrophes, and test declines are forced by a result code (digits and dots) in this field.' },
  { name: 'card.number', format: 'N{12,19}', requirement: 'Required', notes: 'Digits, 12-19.' },
  { name: 'card.expiryMonth', format: '/^(0[1-9]|1[0-2])$/', requirement: 'Required', notes: '01 to 12.' },
  { name: 'card.expiryYear', format: '/^(19|20)[0-9]{2}$/', requirement: 'Required', notes: '4 digits, starting 19 or 20.' },
  { name: 'card.cvv', format: 'N{3,4}', requirement: 'Conditional', notes: 'Digits, 3-4.' },
];
