// The body of a payment action (capture, refund, reverse): an amount in the API's amount grammar
// with its currency (a reversal takes neither), and the idempotency key the page made once for its
// confirmation dialog. Every failing parameter is named in one 400, before anything is read or
// written.

import { parseAmount } from '../domain/money.js';
import { BackofficeError, type ParameterError } from './contract.js';

export interface ActionBody {
  /** Minor units, and the text as sent (what the flow receives, as the merchant API's would). */
  amount?: { minor: number; text: string };
  currency?: string;
  idempotencyKey: string;
}

/** The merchant API's rule for an Idempotency-Key (http/idempotency.ts): printable ASCII. */
const KEY = /^[\x21-\x7e]{1,255}$/;
const CURRENCY = /^[A-Z]{3}$/;

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

export function actionBody(body: unknown, takesAmount: boolean): ActionBody {
  const errors: ParameterError[] = [];
  const key = field(body, 'idempotencyKey');
  if (typeof key !== 'string' || !KEY.test(key)) errors.push({ name: 'idempotencyKey', message: 'must be 1 to 255 printable ASCII characters, made once per confirmation' });
  let amount: ActionBody['amount'];
  let currency: string | undefined;
  if (takesAmount) {
    const text = field(body, 'amount');
    try {
      if (typeof text !== 'string') throw new RangeError('amount must be a string');
      amount = { minor: parseAmount(text), text };
    } catch {
      errors.push({ name: 'amount', message: 'must be an amount such as "12.50": up to 10 digits, optionally a dot and 2 decimals' });
    }
    const sent = field(body, 'currency');
    if (typeof sent === 'string' && CURRENCY.test(sent)) currency = sent;
    else errors.push({ name: 'currency', message: 'must be a three-letter ISO 4217 code such as "EUR"' });
  }
  if (errors.length > 0) throw new BackofficeError('invalidParameters', `invalid ${errors.map((e) => e.name).join(', ')}`, { parameters: errors });
  return { idempotencyKey: key as string, ...(amount ? { amount } : {}), ...(currency ? { currency } : {}) };
}
