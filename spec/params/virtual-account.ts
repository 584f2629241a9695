// Spec: "Virtual account".

import type { ParamRow } from './row.js';

export const virtualAccount: readonly ParamRow[] = [
  { name: 'virtualAccount.accountId', format: 'AN100', requirement: 'Required' },
];
