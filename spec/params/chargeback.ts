// The simulator's chargeback operations (relay's own, test environment only):
// POST /v1/test/payments/{id}/chargeback and /chargeback-reversal. Not in the spec's field tables:
// a real chargeback comes from the card network; these let a merchant test its handling of one.

import type { ParamRow } from './row.js';
import { RESOURCE_ID } from './tokenization.js';

export const chargeback: readonly ParamRow[] = [
  { name: 'reasonCode', format: '/^000\\.100\\.2[0-9]{2}$/', requirement: 'Required', notes: 'The chargeback reason: a result code of the chargeback group (000.100.2xx) in the catalogue.' },
];

export const chargebackReversal: readonly ParamRow[] = [
  { name: 'chargebackId', format: RESOURCE_ID, requirement: 'Required', notes: 'The id of the CB record to reverse; it must reference the payment of the path.' },
];
