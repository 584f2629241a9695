// A pending payment's settlement (storage/writes/settlement.ts), reported to the metrics once it is
// written: the payment's final status, and a checkout paid when a checkout's payment succeeds.
// Every settlement (3-D Secure, redirect, voucher slip) is written through here.

import type { PaymentRecord } from '../domain/records.js';
import { writeSettlement, type SettleOutcome, type SettleWrite } from '../storage/writes/index.js';
import type { RelayContext } from './context.js';

export async function writeCountedSettlement(ctx: Pick<RelayContext, 'store' | 'metrics'>, payment: PaymentRecord, w: SettleWrite): Promise<SettleOutcome> {
  const outcome = await writeSettlement(ctx.store, w);
  const to = w.change.to;
  if (outcome === 'settled' && to !== 'pending') {
    ctx.metrics.paymentSettled(payment.paymentType, payment.paymentBrand, to);
    if (to === 'success' && w.checkoutId !== null) ctx.metrics.checkout('paid');
  }
  return outcome;
}
