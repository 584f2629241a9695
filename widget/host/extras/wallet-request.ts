// (Loaded on demand: extras.) What a wallet button asks the browser's Payment Request API for, and
// the token it takes from the answer. The merchant's `applePay` / `googlePay` options are the
// provider's own configuration (Apple Pay JS's merchantIdentifier, supportedNetworks…; Google
// Pay's merchantInfo, allowedPaymentMethods…): they are merged over defaults into the method data
// as given, so whatever the provider documents can be set there. `total.label` (or `displayName`)
// names the payee in the sheet; the amount and currency are always the checkout's.

/** The Payment Request method identifier of each wallet brand the widget draws a button for. */
export const WALLET_METHODS: Readonly<Record<string, string>> = {
  APPLEPAY: 'https://apple.com/apple-pay',
  GOOGLEPAY: 'https://google.com/pay',
};

// What each provider needs at least; the merchant's option fills in the rest (merchantIdentifier,
// gateway merchant id…), without which the provider refuses to show its sheet.
const DEFAULTS: Readonly<Record<string, Record<string, unknown>>> = {
  APPLEPAY: { version: 3, merchantCapabilities: ['supports3DS'], supportedNetworks: ['visa', 'masterCard', 'amex'] },
  GOOGLEPAY: {
    apiVersion: 2,
    apiVersionMinor: 0,
    environment: 'PRODUCTION',
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX'] },
        tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: {} },
      },
    ],
  },
};

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export interface WalletRequest {
  methods: PaymentMethodData[];
  details: PaymentDetailsInit;
}

/** The Payment Request for `brand`: its method with the merchant's option merged in, and the checkout's total. */
export function walletRequest(brand: string, option: unknown, amount: string, currency: string, payee: string): WalletRequest {
  const own = isObject(option) ? option : {};
  const { total, ...data } = own;
  const label = (isObject(total) && typeof total.label === 'string' && total.label) || (typeof own.displayName === 'string' && own.displayName) || payee;
  return {
    methods: [{ supportedMethods: WALLET_METHODS[brand] ?? '', data: { ...DEFAULTS[brand], ...data } }],
    // The relay's amount string as is ("49.90"): the Payment Request API takes a decimal string.
    details: { total: { label, amount: { currency, value: amount } } },
  };
}

/**
 * The token to send as walletPay.paymentToken from a Payment Request response's details: Apple
 * Pay's `token.paymentData`, Google Pay's `paymentMethodData.tokenizationData.token` (already a
 * JSON string), else the details themselves.
 */
export function walletToken(details: unknown): string {
  const d = isObject(details) ? details : {};
  const applePay = isObject(d.token) ? d.token.paymentData : undefined;
  if (isObject(applePay)) return JSON.stringify(applePay);
  const google = isObject(d.paymentMethodData) && isObject(d.paymentMethodData.tokenizationData) ? d.paymentMethodData.tokenizationData.token : undefined;
  if (typeof google === 'string' && google !== '') return google;
  return JSON.stringify(d);
}
