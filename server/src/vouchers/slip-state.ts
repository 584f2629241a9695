// What a pending slip keeps (payments.pending_json) until it is paid or expires: its brand, its
// dates, the codes printed on it. Read by the slip page, the confirmation and the expiry.

import { createHash } from 'node:crypto';
import type { VoucherBrandCode } from './brands.js';

export interface SlipState {
  voucher: {
    brand: VoucherBrandCode;
    /** yyyy-mm-dd on the country's calendar. */
    dueDate: string;
    expiresAt: number;
    /** When the simulated shopper's payment is confirmed; null: never paid in time. */
    confirmAt: number | null;
    /** BOLETO: the 44-digit bar code and the 47-digit line. */
    barCode?: string;
    digitableLine?: string;
    /** OXXO and BALOTO: the payment reference the shop's cashier scans or types. */
    reference?: string;
    /** Who is paid, as the slip prints it. */
    beneficiary: string;
  };
  /** Where the slip page sends the shopper back. */
  resultUrl?: string;
  checkoutId?: string;
}

export function slipStateOf(pendingJson: string | null): SlipState | undefined {
  if (pendingJson === null) return undefined;
  const state = JSON.parse(pendingJson) as Partial<SlipState>;
  return state.voucher ? (state as SlipState) : undefined;
}

/** `length` decimal digits drawn from the payment id: stable, so a replayed slip prints the same codes. */
export function digitsOf(id: string, salt: string, length: number): string {
  let digits = '';
  for (let round = 0; digits.length < length; round++) {
    const hash = createHash('sha256').update(`${salt}:${round}:${id}`).digest();
    for (const byte of hash) if (byte < 250) digits += String(byte % 10);
  }
  return digits.slice(0, length);
}
