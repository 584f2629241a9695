// The test tools' answers (docs/back-office-test-tools.md): the clocks of the channels, what a
// move ran, and what `allowed.test` of a payment's detail offers.

import type { PaymentDetail } from '../../api/types.js';

export interface TestClock {
  entityId: string;
  name: string;
  /** The channel's time: its test clock when moved ahead, else the relay's. */
  time: number;
  ahead: boolean;
}

/** How many things of each kind a clock move ran. */
export interface Ran {
  scheduleCharges: number;
  voucherSlips: number;
  redirectExpiries: number;
  settledDays: number;
}

export interface ClockMove {
  entityId: string;
  from: number;
  time: number;
  ran: Ran;
}

import type { OpenChargeback, TestToolActions } from '../../../../server/src/backoffice/test-tools/actions.js';

export type { OpenChargeback, TestToolActions };

/** A payment's detail as the test tools read it: `allowed.test` added in the test environment. */
export type DetailWithTests = Omit<PaymentDetail, 'allowed'> & { allowed: PaymentDetail['allowed'] & { test?: TestToolActions } };
