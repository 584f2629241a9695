// Spec "Reporting endpoints take date.from and date.to (yyyy-MM-dd, both required)"; paths, paging
// and responses are not shown, so limit and pageNo are this relay's design, kept small enough that
// one page never costs more than a payment. The filters and the settlement rows below are this
// relay's design too (docs/reports-and-settlement.md).

import type { ParamRow } from './row.js';

/** Payment types a report filters by: the request types and those the service makes itself. */
const PAYMENT_TYPE = 'enum(PA,DB,CD,CP,RV,RF,RC,CB,CR)';
/** Payment methods a report filters by (reports/payment-methods.ts maps them to brand kinds). */
const PAYMENT_METHOD = 'enum(CC,DD,VA,WA,VO)';

export const reporting: readonly ParamRow[] = [
  { name: 'date.from', format: 'date', requirement: 'Required', notes: 'First day of the report, yyyy-MM-dd.' },
  { name: 'date.to', format: 'date', requirement: 'Required', notes: 'Last day of the report, yyyy-MM-dd.' },
  { name: 'limit', format: '/^(?:[1-9][0-9]{0,2})$/', requirement: 'Optional', notes: 'Rows per page, 1-999.' },
  { name: 'pageNo', format: '/^(?:[1-9][0-9]{0,5})$/', requirement: 'Optional', notes: 'Page number, from 1.' },
  { name: 'paymentTypes', format: `list(${PAYMENT_TYPE})`, requirement: 'Optional', notes: 'Comma-separated payment types; absent or * = every type.' },
  { name: 'paymentMethods', format: `list(${PAYMENT_METHOD})`, requirement: 'Optional', notes: 'Comma-separated: CC card, DD bank account, VA virtual account, WA wallet, VO voucher; absent or * = every method.' },
  { name: 'includeLinkedTransactions', format: 'bool', requirement: 'Optional', notes: 'true adds the follow-ups of each payment (captures, refunds, reversals, confirmations, chargebacks).' },
  { name: 'reconciliationType', format: 'enum(SETTLED,FEE,CHARGEBACK,CHARGEBACK REVERSAL)', requirement: 'Optional', notes: 'Only the records of this type.' },
  { name: 'matchingStatus', format: 'enum(NOT_MATCHED,MATCHED,MULTIPLE_MATCHES)', requirement: 'Optional', notes: 'Only the records matched this way.' },
  { name: 'sortValue', format: 'enum(TxRequestTime,Amount,UniqueID,ReconciliationType)', requirement: 'Optional', notes: 'Records sorted by this column; default their order in the aggregation.' },
  { name: 'sortOrder', format: 'enum(ASC,DESC)', requirement: 'Optional', notes: 'Default ASC.' },
];
