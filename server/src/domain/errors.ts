// Every error the relay answers with: its HTTP status, its result code and what the relay adds.
// Routes throw ApiError('name'); the app's error handler turns it into the API's own body shape.
// The description is always the result-code catalogue's text for the code (spec/result-codes.ts),
// so a code never answers with two texts; what this relay says beyond it (which checkout state,
// which header) is the row's `detail`, answered as resultDetails.ExtendedDescription.

import { describeResult, type ResultCode } from '../../../spec/result-codes.js';

/** One failing parameter, as the API reports it. `value` is blanked for card/bank/wallet fields (B9). */
export interface ParameterError {
  name: string;
  value: string;
  message: string;
}

interface ErrorRow {
  status: number;
  code: ResultCode;
  /** This relay's explanation beyond the catalogue's text, for resultDetails.ExtendedDescription. */
  detail?: string;
}

export const ERRORS = {
  invalidParameters: { status: 400, code: '200.300.404' },
  noSession: { status: 404, code: '200.300.404', detail: 'No payment session found for the requested id' },
  notFound: { status: 404, code: '200.300.404', detail: 'the requested resource was not found' },
  methodNotAllowed: { status: 405, code: '200.300.403' },
  malformedPath: { status: 400, code: '200.300.404', detail: 'the path is not valid' },
  malformedBody: { status: 400, code: '200.300.404', detail: 'the request body could not be read' },
  bodyTooLarge: { status: 413, code: '200.300.404', detail: 'the request body is too large' },
  unsupportedMediaType: { status: 400, code: '200.300.404', detail: 'send application/x-www-form-urlencoded; charset=UTF-8' },
  missingAuthorization: { status: 401, code: '800.900.300' },
  invalidToken: { status: 403, code: '800.900.300' },
  tokenInQuery: { status: 401, code: '800.900.300', detail: 'send the access token in the Authorization header, never in the URL' },
  unknownEntity: { status: 403, code: '800.900.201' },
  throttled: { status: 429, code: '800.120.100' },
  idempotencyInProgress: { status: 409, code: '800.110.100', detail: 'a request with this Idempotency-Key is still in progress' },
  idempotencyMismatch: { status: 422, code: '200.300.404', detail: 'this Idempotency-Key was used with different parameters' },
  notConfigured: { status: 400, code: '600.200.500' },
  checkoutLocked: { status: 400, code: '800.120.100', detail: 'Too many declined attempts on this checkout' },
  checkoutBusy: { status: 409, code: '200.300.404', detail: 'a payment attempt is in progress on this checkout; change it once the attempt has ended' },
  checkoutPaid: { status: 400, code: '200.300.404', detail: 'No payment session found for the requested id - the checkout is paid' },
  checkoutExpired: { status: 400, code: '200.300.404', detail: 'No payment session found for the requested id - the checkout expired' },
  // 800.800.800 is the catalogue's "system error" for an unavailable payment system: the request
  // was not carried out because of the relay, not the payment data, and a retry later may succeed.
  databaseUnavailable: { status: 503, code: '800.800.800', detail: 'the relay cannot reach its database; retry later' },
  shuttingDown: { status: 503, code: '800.800.800', detail: 'this relay is shutting down; retry' },
  // A report that finds nothing, and a read of an id the entity does not have through /v1/query:
  // integrations read a random id there as their connection check and expect this answer.
  transactionNotFound: { status: 400, code: '700.400.580' },
  quoteNotFound: { status: 400, code: '700.100.100', detail: 'the quoteId names no currency quote of this entity' },
  quoteExpired: { status: 400, code: '700.450.100' },
  quoteUsed: { status: 400, code: '700.450.200' },
  quoteMismatch: { status: 400, code: '700.450.300' },
  noQuoteRate: { status: 400, code: '600.200.500', detail: 'no rate for this currency pair' },
  internal: { status: 500, code: '999.999.999' },
  // Scheduled payments (schedules/): the spec's job validation codes, and the schedule's lifecycle.
  jobMissing: { status: 400, code: '100.250.100' },
  jobCombination: { status: 400, code: '100.250.120' },
  jobHour: { status: 400, code: '100.250.121' },
  jobMinuteSecond: { status: 400, code: '100.250.122' },
  jobDayOfMonth: { status: 400, code: '100.250.123' },
  jobMonth: { status: 400, code: '100.250.124' },
  jobDayOfWeek: { status: 400, code: '100.250.125' },
  registrationMissing: { status: 400, code: '100.150.200' },
  registrationDeleted: { status: 400, code: '100.150.202' },
  scheduleClosed: { status: 400, code: '100.350.101', detail: 'the schedule is already cancelled or has ended' },
  testClockLive: { status: 403, code: '100.360.400', detail: 'the test clock exists in the test environment only' },
  testClockBackwards: { status: 400, code: '200.300.404', detail: 'a test clock only moves forward' },
  // Voucher slips' test operations (routes/vouchers.ts): POST /v1/test/vouchers/{id}/pay and /expire.
  voucherTestLive: { status: 403, code: '700.500.003', detail: 'voucher test operations exist in the test environment only' },
  voucherUnknown: { status: 400, code: '700.100.100', detail: 'no payment of this entity has this id' },
  voucherNotSlip: { status: 400, code: '700.100.700', detail: 'the payment is not a voucher slip' },
  voucherPaid: { status: 400, code: '100.350.101', detail: 'the slip is paid already' },
  voucherExpired: { status: 400, code: '100.350.101', detail: 'the slip expired unpaid' },
  // Chargebacks: the simulator's test-only operation, refused in live as the test clock is.
  chargebackLive: { status: 403, code: '700.500.003', detail: 'chargebacks are simulated in the test environment only' },
} as const satisfies Record<string, ErrorRow>;

export type ErrorName = keyof typeof ERRORS;

export class ApiError extends Error {
  readonly status: number;
  readonly code: ResultCode;
  /** The catalogue's text for the code. */
  readonly description: string;
  /** The row's detail and the one given, if any: answered as resultDetails.ExtendedDescription. */
  readonly detail: string | undefined;
  constructor(
    readonly errorName: ErrorName,
    readonly parameterErrors?: ParameterError[],
    detail?: string,
  ) {
    const row: ErrorRow = ERRORS[errorName];
    const details = [row.detail, detail].filter((d): d is string => d !== undefined && d !== '');
    const description = describeResult(row.code);
    super(details.length > 0 ? `${description} - ${details.join(' - ')}` : description);
    this.status = row.status;
    this.code = row.code;
    this.description = description;
    this.detail = details.length > 0 ? details.join(' - ') : undefined;
  }
}
