// One example request of the API, as data: placed into the document (openapi/examples-in-document.ts)
// and replayed against a running relay by the tests, in step order, each answer checked against
// the document. Values may name earlier answers: `{{payment}}` is what an earlier example
// remembered as `payment`; `{{entityId}}` is the channel the example runs on.

import type { RouteKey } from '../route-docs.js';

export interface ExampleRequest {
  /** Unique across all examples: the key of the example in the document. */
  name: string;
  summary: string;
  /** The route it calls, as registered: `POST /v1/payments/:id`. */
  route: RouteKey;
  /** Runs after every example of a lower step (an id is remembered before it is used). */
  step: number;
  /** Path parameters by name. */
  path?: Readonly<Record<string, string>>;
  /** The form body of a POST, the query string of a GET or DELETE. */
  params: Readonly<Record<string, string>>;
  /** false: sent without the merchant's token (the widget's submits, the probes). */
  auth?: boolean;
  /** The answer's HTTP status. */
  status: number;
  /** Values to remember from the answer for later examples: name → dotted path in the answer. */
  remember?: Readonly<Record<string, string>>;
}

/** A test card of the simulator (README "Test data") with a future expiry. */
export const VISA = { paymentBrand: 'VISA', 'card.number': '4200000000000000', 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' } as const;
export const MASTER = { paymentBrand: 'MASTER', 'card.number': '5454545454545454', 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' } as const;
/** The simulator's German SEPA test account. */
export const SEPA = { paymentBrand: 'DIRECTDEBIT_SEPA', 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.bic': 'MARKDEF1100' } as const;

export const ENTITY = { entityId: '{{entityId}}' } as const;
