// Result codes: the catalogue of codes this project answers with, their descriptions, and the
// published code groups (shared/reference/widget-surface.md §8). Data only, plus four lookups;
// imports nothing, so the relay and the browser bundle can both take it.
//
// The specification says only "Catalogue of result codes beyond the success codes: not shown", so
// the catalogue below is the §8 "Common codes" list plus the codes the relay, the lifecycle table
// and the simulator produce. Wording follows §8 where §8 gives one.
//
// This is the single source of descriptions: every answer's result.description is the text here
// for its code (flows/response.ts resultView, domain/errors.ts ApiError), and no module keeps a
// text of its own for a code (the 3-D Secure test page shows these texts too). What the relay adds
// beyond it goes to result.parameterErrors (a parameter and what is wrong with it) or to
// resultDetails.ExtendedDescription (anything else: the checkout expired, the database is down),
// never into the description. A code outside the catalogue (a rejection code forced through the
// card holder in a test) is described by its group's title, by describeResult() below.

/** Code → description. Keys are `ddd.ddd.ddd`; look up with describeResult(), never by indexing. */
export const RESULT_CODES = {
  // success
  '000.000.000': 'Transaction succeeded',
  '000.000.100': 'successful request',
  '000.100.110': "Request successfully processed in 'Merchant in Integrator Test Mode'",
  '000.100.111': "Request successfully processed in 'Merchant in Validator Test Mode'",
  '000.100.112': "Request successfully processed in 'Merchant in Connector Test Mode'",
  '000.300.000': 'Two-step transaction succeeded',
  '000.600.000': 'Transaction succeeded due to external update',
  // success, review manually
  '000.400.000': 'Transaction succeeded (please review manually due to suspected fraud)',
  '000.400.010': 'Transaction succeeded (please review manually due to AVS return code)',
  '000.400.020': 'Transaction succeeded (please review manually due to CVV return code)',
  '000.400.100': 'Transaction succeeded, risk after payment rejected',
  // pending
  '000.200.000': 'transaction pending',
  '000.200.100': 'successfully created checkout',
  '000.200.101': 'successfully updated checkout',
  '000.200.102': 'successfully deleted checkout',
  '800.400.500': 'Waiting for confirmation of non-instant payment. Denied for now.',
  '100.400.500': 'waiting for external risk',
  // 3-D Secure: authentication results (000.400.110 belongs to no published group)
  '000.400.110': 'Authentication successful (frictionless flow)',
  '000.400.101': 'card not participating/authentication unavailable',
  '000.400.102': 'user not enrolled',
  '000.400.103': 'Technical Error in 3D system',
  '000.400.105': 'Unsupported User Device - Authentication not possible',
  '000.400.108': 'Cardholder Not Found - card number provided is not found in the ranges of the issuer',
  '000.400.200': 'risk management check communication error',
  '100.380.401': 'User Authentication Failed',
  '100.380.501': 'risk management transaction timeout',
  // 3-D Secure failures of the authentication system (100.390.*, no published group)
  '100.390.103': 'PARes Validation failed - technical error',
  '100.390.105': 'Transaction rejected because of technical error in 3DSecure system',
  '100.390.106': 'Transaction rejected because of error in 3DSecure configuration',
  '100.390.107': 'Transaction rejected because cardholder authentication unavailable',
  '100.390.108': 'Transaction rejected because merchant not participating in 3DSecure program',
  '100.390.112': 'Technical Error in 3D system',
  // async workflow
  '100.396.101': 'Cancelled by user',
  '100.396.103': 'Previously pending transaction timed out',
  '100.396.104': 'Uncertain status - probably cancelled by user',
  '100.396.201': 'Cancelled by merchant',
  '100.397.101': 'Cancelled by user due to external update',
  // account validation
  '100.100.100': 'request contains no creditcard, bank account number or bank name',
  '100.100.101': 'invalid creditcard, bank account number or bank name',
  '100.100.303': 'card expired',
  '100.100.304': 'card not yet valid',
  '100.100.600': 'empty CVV for VISA,MASTER, AMEX not allowed',
  '100.100.601': 'invalid CVV/brand combination',
  '100.100.700': 'invalid cc number/brand combination',
  '100.200.100': 'bank account contains no or invalid country',
  // risk: blacklist
  '100.100.701': 'suspecting fraud, this card may not be processed',
  '800.200.159': 'account or user is blacklisted (card stolen)',
  '800.300.101': 'account or user is blacklisted',
  '800.300.401': 'bin blacklisted',
  // registration validation
  '100.150.100': 'request contains no Account data and no registration id',
  '100.150.101': 'invalid format for specified registration id',
  '100.150.200': 'registration does not exist',
  '100.150.201': 'registration is not confirmed yet',
  '100.150.202': 'registration is already deregistered',
  '100.150.203': 'registration is not valid, probably initially rejected',
  '100.150.300': 'payment only allowed with valid initial registration',
  '100.350.101': 'referenced session is CLOSED (no action possible)',
  // job validation
  '100.250.100': 'job missing',
  '100.250.120': 'invalid execution parameters, combination does not conform to standard',
  '100.250.121': 'invalid execution parameters, hour must be between 0 and 23',
  '100.250.122': 'invalid execution parameters, minute and seconds must be between 0 and 59',
  '100.250.123': 'invalid execution parameters, Day of month must be between 1 and 31',
  '100.250.124': 'invalid execution parameters, month must be between 1 and 12',
  '100.250.125': 'invalid execution parameters, Day of week must be between 1 and 7',
  '100.360.201': 'unknown schedule type',
  '100.360.303': 'cannot deschedule(DS) unscheduled job',
  '100.360.400': 'schedule module not configured for LIVE transaction mode',
  // amount validation
  '100.550.300': 'request contains no amount or too low amount',
  '100.550.310': 'amount exceeds limit for the registered account',
  '100.550.400': 'request contains no currency',
  '100.550.401': 'specified currency is not supported',
  // address and contact validation
  '100.800.100': 'request contains no street',
  '100.800.200': 'request contains no zip',
  '100.800.300': 'request contains no city',
  '100.800.400': 'request contains no country',
  '100.800.401': 'invalid country',
  '100.700.100': 'customer.surname may not be null',
  '100.700.200': 'customer.givenName may not be null',
  '100.900.100': 'request contains no email address',
  // format validation
  '100.300.101': 'invalid test mode (please use INTERNAL or EXTERNAL)',
  '200.100.101': 'invalid Request Message. No valid XML. XML must be url-encoded!',
  '200.300.403': 'Invalid HTTP method',
  '200.300.404': 'invalid or missing parameter',
  '200.300.405': 'Duplicate entity',
  '800.900.100': 'sender authorization failed',
  '800.900.201': 'unknown channel',
  '800.900.300': 'invalid authentication information',
  // config validation
  '500.100.201': 'Channel/Merchant is disabled (no processing possible)',
  '600.200.100': 'invalid Payment Method',
  '600.200.500': 'Invalid payment data. You are not configured for this currency or sub type (country or brand)',
  '800.121.100': 'Channel not configured for given source type. Please contact your account manager.',
  // reference validation
  '700.100.100': 'reference id not existing',
  '700.100.200': 'non matching reference amount',
  '700.100.300': 'invalid amount (probably too large)',
  '700.100.400': 'referenced payment method does not match with requested payment method',
  '700.100.500': 'referenced payment currency does not match with requested payment currency',
  '700.100.700': 'referenced transaction is of inappropriate type',
  '700.300.100': 'referenced tx can not be refunded, captured or reversed (invalid type)',
  '700.400.100': 'cannot capture (PA value exceeded, PA reverted or invalid workflow?)',
  '700.400.200': 'cannot refund (refund volume exceeded or tx reversed or invalid workflow?)',
  '700.400.300': 'cannot reverse (already refunded|reversed, invalid workflow or amount exceeded)',
  '700.400.530': 'reversal not possible anymore',
  '700.400.570': 'cannot reference on pending/in progress transaction',
  '700.400.580': 'cannot find transaction',
  // currency quotes (quotes/): this relay's codes in the reference group
  '700.450.100': 'the currency quote has expired',
  '700.450.200': 'the currency quote has been used already',
  '700.450.300': 'the currency quote does not match the payment currency',
  '700.500.003': 'test accounts not allowed in production',
  // rejected by the bank
  '800.100.100': 'transaction declined for unknown reason',
  '800.100.150': 'transaction declined (refund on gambling tx not allowed)',
  '800.100.151': 'transaction declined (invalid card)',
  '800.100.152': 'transaction declined by authorization system',
  '800.100.153': 'transaction declined (invalid CVV)',
  '800.100.154': 'transaction declined (transaction marked as invalid)',
  '800.100.155': 'transaction declined (amount exceeds credit)',
  '800.100.156': 'transaction declined (format error)',
  '800.100.157': 'transaction declined (wrong expiry date)',
  '800.100.158': 'transaction declined (suspecting manipulation)',
  '800.100.159': 'transaction declined (stolen card)',
  '800.100.160': 'transaction declined (card blocked)',
  '800.100.161': 'transaction declined (too many invalid tries)',
  '800.100.162': 'transaction declined (limit exceeded)',
  '800.100.163': 'transaction declined (maximum transaction frequency exceeded)',
  '800.100.165': 'transaction declined (card lost)',
  '800.100.168': 'transaction declined (restricted card)',
  '800.100.170': 'transaction declined (transaction not permitted)',
  '800.100.171': 'transaction declined (pick up card)',
  '800.100.172': 'transaction declined (account blocked)',
  '800.100.174': 'transaction declined (invalid amount)',
  '800.100.176': 'transaction declined (account temporarily not available. Please try again later)',
  '800.100.190': 'transaction declined (invalid configuration data)',
  '800.100.402': 'cc/bank account holder not valid',
  '800.700.100': 'transaction for the same session is currently being processed, please try again later',
  '800.800.102': 'Invalid street',
  '800.800.202': 'Invalid zip',
  '800.800.302': 'Invalid city',
  // risk validation
  '800.110.100': 'duplicate transaction',
  '800.120.100': 'Rejected by Throttling.',
  '800.160.100': 'invalid payment data for configured Shopper Dispatching Type',
  // communication and system errors
  '900.100.100': 'unexpected communication error with connector/acquirer',
  '900.100.200': 'error response from connector/acquirer',
  '900.100.300': 'timeout, uncertain result',
  '900.100.400': 'timeout at connectors/acquirer side',
  '000.400.030': 'Transaction partially failed (please reverse manually due to failed automatic reversal)',
  '600.100.100': 'Unexpected Integrator Error (Request could not be processed)',
  '800.500.100': 'direct debit transaction declined for unknown reason',
  '800.600.100': 'transaction is being already processed',
  '800.800.800': 'The payment system is currently unavailable, please contact support in case this happens again.',
  '999.999.999': 'An undefined error occurred',
  // chargeback
  '000.100.200': 'Reason not Specified',
  '000.100.201': 'Account or Bank Details Incorrect',
  '000.100.203': 'Insufficient Funds',
  // chargebacks: the reasons the test simulator takes, and the refusals around them
  '000.100.202': 'Account Closed',
  '000.100.204': 'Mandate not Valid',
  '000.100.205': 'Mandate Cancelled',
  '000.100.206': 'Revocation or Dispute',
  '000.100.207': 'Cancellation in Clearing Network',
  '000.100.208': 'Account Blocked',
  '000.100.209': 'Account does not exist',
  '000.100.210': 'Invalid Amount',
  '000.100.220': 'Fraudulent Transaction',
  '000.100.221': 'Merchandise Not Received',
  '000.100.222': 'Transaction Not Recognized By Cardholder',
  '000.100.223': 'Service Not Rendered',
  '000.100.224': 'Duplicate Processing',
  '000.100.225': 'Credit Not Processed',
  '000.100.299': 'Unspecified (Technical)',
  '700.300.600': 'referenced tx can not be refunded or reversed (was chargebacked)',
  '700.400.400': 'cannot chargeback (already chargebacked or invalid workflow?)',
  '700.400.402': 'chargeback can only be generated internally by the payment system',
  '700.400.410': 'cannot reverse chargeback (chargeback is already reversed or invalid workflow?)',
  '700.400.420': 'cannot reverse (no chargeback existing for this transaction)',
} as const satisfies Record<string, string>;

export type ResultCode = keyof typeof RESULT_CODES;

/** What a group means for the payment: the outcome every code of the group shares. */
export type GroupOutcome = 'success' | 'review' | 'pending' | 'rejected' | 'chargeback';

export type GroupName =
  | 'success'
  | 'successReview'
  | 'pending'
  | 'pendingLong'
  | 'rejected3ds'
  | 'rejectedBank'
  | 'communicationError'
  | 'systemError'
  | 'asyncWorkflowError'
  | 'blacklist'
  | 'riskValidation'
  | 'configValidation'
  | 'registrationValidation'
  | 'jobValidation'
  | 'referenceValidation'
  | 'formatValidation'
  | 'addressValidation'
  | 'contactValidation'
  | 'accountValidation'
  | 'amountValidation'
  | 'chargeback';

export interface ResultGroup {
  name: GroupName;
  /** The group's title in §8. */
  title: string;
  outcome: GroupOutcome;
  pattern: RegExp;
}

/**
 * The published groups, in §8's order, patterns copied verbatim (including the unescaped dot in
 * `100.2[01]`: it is how the groups are published and how merchants' own code matches them).
 * Some codes match more than one pattern (100.100.701 is blacklist and account validation); the
 * first group in this order wins, as in §8.
 */
export const RESULT_GROUPS: readonly ResultGroup[] = [
  { name: 'success', title: 'success', outcome: 'success', pattern: /^(000\.000\.|000\.100\.1|000\.[36])/ },
  { name: 'successReview', title: 'success, review manually', outcome: 'review', pattern: /^(000\.400\.0[^3]|000\.400\.100)/ },
  { name: 'pending', title: 'pending', outcome: 'pending', pattern: /^(000\.200)/ },
  { name: 'pendingLong', title: 'pending, may change after days', outcome: 'pending', pattern: /^(800\.400\.5|100\.400\.500)/ },
  { name: 'rejected3ds', title: 'rejected by 3-D Secure / risk', outcome: 'rejected', pattern: /^(000\.400\.[1][0-9][1-9]|000\.400\.2)/ },
  { name: 'rejectedBank', title: 'rejected by the bank', outcome: 'rejected', pattern: /^(800\.[17]00|800\.800\.[123])/ },
  { name: 'communicationError', title: 'communication error', outcome: 'rejected', pattern: /^(900\.[1234]00|000\.400\.030)/ },
  { name: 'systemError', title: 'system error', outcome: 'rejected', pattern: /^(800\.[56]|999\.|600\.1|800\.800\.8)/ },
  { name: 'asyncWorkflowError', title: 'async workflow error', outcome: 'rejected', pattern: /^(100\.39[765])/ },
  { name: 'blacklist', title: 'risk: blacklist', outcome: 'rejected', pattern: /^(100\.100\.701|800\.[32])/ },
  { name: 'riskValidation', title: 'risk validation', outcome: 'rejected', pattern: /^(800\.1[123456]0)/ },
  { name: 'configValidation', title: 'config validation', outcome: 'rejected', pattern: /^(600\.[23]|500\.[12]|800\.121)/ },
  { name: 'registrationValidation', title: 'registration validation', outcome: 'rejected', pattern: /^(100\.[13]50)/ },
  { name: 'jobValidation', title: 'job validation', outcome: 'rejected', pattern: /^(100\.250|100\.360)/ },
  { name: 'referenceValidation', title: 'reference validation', outcome: 'rejected', pattern: /^(700\.[1345][05]0)/ },
  { name: 'formatValidation', title: 'format validation', outcome: 'rejected', pattern: /^(200\.[123]|100\.[53][07]|800\.900|100\.[69]00\.500)/ },
  { name: 'addressValidation', title: 'address validation', outcome: 'rejected', pattern: /^(100\.800)/ },
  { name: 'contactValidation', title: 'contact validation', outcome: 'rejected', pattern: /^(100\.[97]00)/ },
  { name: 'accountValidation', title: 'account validation', outcome: 'rejected', pattern: /^(100\.100|100.2[01])/ },
  { name: 'amountValidation', title: 'amount validation', outcome: 'rejected', pattern: /^(100\.55)/ },
  { name: 'chargeback', title: 'chargeback', outcome: 'chargeback', pattern: /^(000\.100\.2)/ },
];

/** The shape of every result code: three groups of three digits. */
const CODE_SHAPE = /^\d{3}\.\d{3}\.\d{3}$/;

function groupOf(code: string): ResultGroup | undefined {
  if (!CODE_SHAPE.test(code)) return undefined;
  return RESULT_GROUPS.find((g) => g.pattern.test(code));
}

/** The first published group the code belongs to, or undefined (e.g. 000.400.110, 100.380.401). */
export function resultGroup(code: string): GroupName | undefined {
  return groupOf(code)?.name;
}

/** Description from the catalogue; for a code outside it, the title of its group. */
export function describeResult(code: string): string {
  // hasOwn, not `in`/indexing: a code such as "constructor" must not reach Object.prototype.
  if (Object.hasOwn(RESULT_CODES, code)) return RESULT_CODES[code as ResultCode];
  const group = groupOf(code);
  return group ? `transaction result: ${group.title}` : 'unknown result code';
}

/** Processed successfully, including "success, review manually" (the money moved). */
export function isSuccess(code: string): boolean {
  const outcome = groupOf(code)?.outcome;
  return outcome === 'success' || outcome === 'review';
}

/** Not final yet: pending, or pending that may change after days. */
export function isPending(code: string): boolean {
  return groupOf(code)?.outcome === 'pending';
}

/** A rejection: belongs to a group whose codes all mean the payment was refused or failed. */
export function isRejection(code: string): boolean {
  return groupOf(code)?.outcome === 'rejected';
}
