// Types shared by the form-body parser, the catalogue validator and the routes.

/** A parsed form body: each name exactly once, in arrival order. Never a plain object (B3). */
export type FlatParams = ReadonlyMap<string, string>;

/** One failing parameter, as the API reports it. `value` is blanked for card/bank/wallet fields (B9). */
export interface ParameterError {
  name: string;
  value: string;
  message: string;
}

/** A nested, null-prototype view of dotted and indexed names, for echoing structures back. */
export interface Nested {
  [key: string]: string | Nested | Nested[] | string[];
}

/** The operations the catalogue knows; each names which parameters it accepts and requires. */
export type Operation =
  | 'payment'             // POST /v1/payments (PA, DB, CD)
  | 'followUp'            // POST /v1/payments/{id} (CP, RF, RV)
  | 'registration'        // POST /v1/registrations
  | 'registrationPayment' // POST /v1/registrations/{id}/payments
  | 'checkout'            // POST /v1/checkouts
  | 'checkoutPayment'     // POST /v1/checkouts/{id}/payment (the widget's submit, relay origin)
  | 'schedule'            // POST /scheduling/v1/schedules
  | 'read'                // GET of one payment, registration or checkout status (query string)
  | 'remove'              // DELETE /v1/registrations/{id} (query string)
  | 'transactionReport';  // GET /v1/query?… (query string; for the report endpoints)

export type Validation =
  /** `unused`: names the operation ignored (absent when there were none), for a debug line. */
  | { ok: true; params: FlatParams; unused?: readonly string[] }
  | { ok: false; errors: ParameterError[] };

export interface ValidateOptions {
  /** The entity's strictParameters: unused names are refused instead of ignored. */
  strict?: boolean;
}
