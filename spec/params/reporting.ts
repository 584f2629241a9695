// Spec "Reporting endpoints take date.from and date.to (yyyy-MM-dd, both required)"; paths, paging
// and responses are not shown, so limit and pageNo are this relay's design, kept small enough that
// one page never costs more than a payment.

import type { ParamRow } from './row.js';

export const reporting: readonly ParamRow[] = [
  { name: 'date.from', format: 'date', requirement: 'Required', notes: 'First day of the report, yyyy-MM-dd.' },
  { name: 'date.to', format: 'date', requirement: 'Required', notes: 'Last day of the report, yyyy-MM-dd.' },
  { name: 'limit', format: '/^(?:[1-9][0-9]{0,2})$/', requirement: 'Optional', notes: 'Rows per page, 1-999.' },
  { name: 'pageNo', format: '/^(?:[1-9][0-9]{0,5})$/', requirement: 'Optional', notes: 'Page number, from 1.' },
];
