// One catalogue: every error the relay answers with, its HTTP status, result code and description.
// Routes throw ApiError('name'); the app's error handler turns it into the API's own body shape.

import type { ParameterError } from '../params/types.js';

interface ErrorRow {
  status: number;
  code: string;
  description: string;
}

export const ERRORS = {
  invalidParameters: { status: 400, code: '200.300.404', description: 'invalid or missing parameter' },
  noSession: { status: 404, code: '200.300.404', description: 'No payment session found for the requested id' },
  notFound: { status: 404, code: '200.300.404', description: 'invalid or missing parameter - the requested resource was not found' },
  methodNotAllowed: { status: 405, code: '200.300.403', description: 'Invalid HTTP method' },
  malformedPath: { status: 400, code: '200.300.404', description: 'invalid or missing parameter - the path is not valid' },
  malformedBody: { status: 400, code: '200.300.404', description: 'invalid or missing parameter - the request body could not be read' },
  bodyTooLarge: { status: 413, code: '200.300.404', description: 'invalid or missing parameter - the request body is too large' },
  unsupportedMediaType: { status: 400, code: '200.300.404', description: 'invalid or missing parameter - send application/x-www-form-urlencoded; charset=UTF-8' },
  missingAuthorization: { status: 401, code: '800.900.300', description: 'invalid authentication information' },
  invalidToken: { status: 403, code: '800.900.300', description: 'invalid authentication information' },
  tokenInQuery: { status: 401, code: '800.900.300', description: 'invalid authentication information - send the access token in the Authorization header, never in the URL' },
  unknownEntity: { status: 403, code: '800.900.201', description: 'unknown channel' },
  throttled: { status: 429, code: '800.120.100', description: 'Rejected by Throttling.' },
  idempotencyInProgress: { status: 409, code: '800.110.100', description: 'duplicate transaction - a request with this Idempotency-Key is still in progress' },
  idempotencyMismatch: { status: 422, code: '200.300.404', description: 'invalid or missing parameter - this Idempotency-Key was used with different parameters' },
  notConfigured: { status: 400, code: '600.200.500', description: 'Invalid payment data. You are not configured for this currency or sub type (country or brand)' },
  checkoutLocked: { status: 400, code: '800.120.100', description: 'Rejected by Throttling. Too many declined attempts on this checkout' },
  checkoutBusy: { status: 409, code: '200.300.404', description: 'invalid or missing parameter - a payment attempt is in progress on this checkout; change it once the attempt has ended' },
  checkoutPaid: { status: 400, code: '200.300.404', description: 'No payment session found for the requested id - the checkout is paid' },
  checkoutExpired: { status: 400, code: '200.300.404', description: 'No payment session found for the requested id - the checkout expired' },
  // 800.800.800 is the catalogue's "system error" for an unavailable payment system: the request
  // was not carried out because of the relay, not the payment data, and a retry later may succeed.
  databaseUnavailable: { status: 503, code: '800.800.800', description: 'The payment system is currently unavailable, please contact support in case this happens again. - the relay cannot reach its database; retry later' },
  shuttingDown: { status: 503, code: '800.800.800', description: 'The payment system is currently unavailable, please contact support in case this happens again. - this relay is shutting down; retry' },
  // A report that finds nothing, and a read of an id the entity does not have through /v1/query:
  // integrations read a random id there as their connection check and expect this answer.
  transactionNotFound: { status: 400, code: '700.400.580', description: 'cannot find transaction' },
  quoteNotFound: { status: 400, code: '700.100.100', description: 'reference id not existing - the quoteId names no currency quote of this entity' },
  quoteExpired: { status: 400, code: '700.450.100', description: 'the currency quote has expired' },
  quoteUsed: { status: 400, code: '700.450.200', description: 'the currency quote has been used already' },
  quoteMismatch: { status: 400, code: '700.450.300', description: 'the currency quote does not match the payment currency' },
  noQuoteRate: { status: 400, code: '600.200.500', description: 'Invalid payment data. You are not configured for this currency or sub type (country or brand) - no rate for this currency pair' },
  internal: { status: 500, code: '999.999.999', description: 'An undefined error occurred' },
  // Scheduled payments (schedules/): the spec's job validation codes, and the schedule's lifecycle.
  jobMissing: { status: 400, code: '100.250.100', description: 'job contains no execution information' },
  jobCombination: { status: 400, code: '100.250.120', description: 'invalid execution parameters, combination does not conform to standard' },
  jobHour: { status: 400, code: '100.250.121', description: 'invalid execution parameters, hour must be between 0 and 23' },
  jobMinuteSecond: { status: 400, code: '100.250.122', description: 'invalid execution parameters, minute and seconds must be between 0 and 59' },
  jobDayOfMonth: { status: 400, code: '100.250.123', description: 'invalid execution parameters, Day of month must be between 1 and 31' },
  jobMonth: { status: 400, code: '100.250.124', description: 'invalid execution parameters, month must be between 1 and 12' },
  jobDayOfWeek: { status: 400, code: '100.250.125', description: 'invalid execution parameters, Day of week must be between 1 and 7' },
  registrationMissing: { status: 400, code: '100.150.200', description: 'registration does not exist' },
  registrationDeleted: { status: 400, code: '100.150.202', description: 'registration is already deregistered' },
  scheduleClosed: { status: 400, code: '100.350.101', description: 'referenced session is CLOSED (no action possible) - the schedule is already cancelled or has ended' },
  testClockLive: { status: 403, code: '100.360.400', description: 'schedule module not configured for LIVE transaction mode - the test clock exists in the test environment only' },
  testClockBackwards: { status: 400, code: '200.300.404', description: 'invalid or missing parameter - a test clock only moves forward' },
  // Voucher slips' test operations (routes/vouchers.ts): POST /v1/test/vouchers/{id}/pay and /expire.
  voucherTestLive: { status: 403, code: '700.500.003', description: 'test accounts not allowed in production - voucher test operations exist in the test environment only' },
  voucherUnknown: { status: 400, code: '700.100.100', description: 'reference id not existing - no payment of this entity has this id' },
  voucherNotSlip: { status: 400, code: '700.100.700', description: 'referenced transaction is of inappropriate type - the payment is not a voucher slip' },
  voucherPaid: { status: 400, code: '100.350.101', description: 'referenced session is CLOSED (no action possible) - the slip is paid already' },
  voucherExpired: { status: 400, code: '100.350.101', description: 'referenced session is CLOSED (no action possible) - the slip expired unpaid' },
  // Chargebacks: the simulator's test-only operation, refused in live as the test clock is.
  chargebackLive: { status: 403, code: '700.500.003', description: 'test accounts not allowed in production - chargebacks are simulated in the test environment only' },
} as const satisfies Record<string, ErrorRow>;

export type ErrorName = keyof typeof ERRORS;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly description: string;
  constructor(
    readonly errorName: ErrorName,
    readonly parameterErrors?: ParameterError[],
    detail?: string,
  ) {
    const row: ErrorRow = ERRORS[errorName];
    super(detail ? `${row.description} - ${detail}` : row.description);
    this.status = row.status;
    this.code = row.code;
    this.description = this.message;
  }
}
