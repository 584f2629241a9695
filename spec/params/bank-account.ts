// Spec: "Bank account (direct debit, SEPA, transfers)". Which of them are needed together is in
// server/src/params/rules.ts.

import type { ParamRow } from './row.js';

export const bankAccount: readonly ParamRow[] = [
  { name: 'bankAccount.holder', format: 'AN{4,128}', requirement: 'Required' },
  { name: 'bankAccount.bankName', format: 'AN255', requirement: 'Conditional' },
  { name: 'bankAccount.number', format: 'AN{3,64}', requirement: 'Conditional', notes: 'Number or iban required.' },
  { name: 'bankAccount.iban', format: '/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,27}$/', requirement: 'Conditional', notes: 'AN31: 2 letters, 2 digits, 11-27 alphanumerics.' },
  { name: 'bankAccount.bankCode', format: 'AN12', requirement: 'Conditional', notes: 'bankCode or bic required.' },
  { name: 'bankAccount.bic', format: '/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/', requirement: 'Conditional', notes: 'AN11, 8 or 11 alphanumerics.' },
  { name: 'bankAccount.country', format: 'country', requirement: 'Conditional', notes: '2 letters, ISO 3166-1.' },
  { name: 'bankAccount.mandate.id', format: '/^[A-Za-z-]{1,256}$/', requirement: 'Conditional', notes: 'Letters and hyphens, up to 256. Not used in risk checks.' },
  { name: 'bankAccount.mandate.dateOfSignature', format: 'date', requirement: 'Conditional', notes: 'Not used in risk checks.' },
  { name: 'transactionDueDate', format: 'date', requirement: 'Conditional', notes: 'Due date of a direct debit. Not used in risk checks.' },
];
