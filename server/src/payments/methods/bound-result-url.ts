// Where the shopper goes once a pending payment ends, for the methods that leave one pending.

import { resultUrl } from '../../flows/result-url.js';
import type { FlatParams } from '../../params/types.js';
import type { PaymentSource } from './method.js';

/** The checkout's result URL, or the request's shopperResultUrl with this payment's path. */
export function boundResultUrl(source: PaymentSource, params: FlatParams, id: string): { resultUrl?: string } {
  const url = source.resultUrl ?? resultUrl(params.get('shopperResultUrl') ?? '', id, `/v1/payments/${id}`);
  return url ? { resultUrl: url } : {};
}
