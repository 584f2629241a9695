// wpwlOptions, read once (late: when the main script initialises after DOMContentLoaded), merged
// with the defaults below, coerced and validated in one place. Merchant pages carry keys we do not
// know (ignored) and booleans as strings ("true"): both are normal input, not errors.

export type Callback = (this: unknown, ...args: unknown[]) => unknown;

export interface SpinnerOptions {
  /** Extra class on the spinner element. */
  className: string;
  /** CSS colour of the spinner (a plain colour value). */
  color: string;
}

export interface Options {
  /** card: boxed; plain: no box; logos: boxed, opening on its brands' logos (logos.ts). */
  style: 'card' | 'plain' | 'logos';
  /** ISO 639-1 language, optionally with -CC; lower-cased language part. */
  locale: string;
  labels: Record<string, string>;
  errorMessages: Record<string, string>;
  /** Placeholder styles per frame; the frames filter them again through their allow-list. */
  iframeStyles: Record<string, Record<string, string>>;
  brandDetection: boolean;
  brandDetectionPriority: string[];
  /** Window/frame name of the payment (3-D Secure, a provider's page, the result); null = 3-D Secure in iframe.wpwl-target next to the form. */
  paymentTarget: string | null;
  /** Window/frame name for the final redirect; null = paymentTarget's, else this window. */
  shopperResultTarget: string | null;
  disableSubmitOnEnter: boolean;
  requireCvv: boolean;
  allowEmptyCvv: boolean;
  maskCvv: boolean;
  /** Name of the control to focus once ready: card.number, card.holder, card.cvv, card.expiry. */
  autofocus: string | null;
  showLabels: boolean;
  showPlaceholders: boolean;
  spinner: SpinnerOptions;
  disableCardExpiryDateValidation: boolean;
  threeDIframeSize: { width: string; height: string } | null;
  /** Submit only saves the shopper's data on the checkout; the merchant pays it later. */
  useSummaryPage: boolean;
  /** The CVV hint: a popover next to the CVV showing where it is printed (extras/cvv-hint.ts). */
  showCVVHint: boolean;
  /** Expiry and holder in relay iframes too, like number and CVV: the page never sees card data. */
  enableSAQACompliance: boolean;
  /** Wallet buttons' configuration as the page gave it, read by extras/wallets.ts. */
  applePay: unknown;
  googlePay: unknown;
  onSaveTransactionData: Callback | null;
  /** Stored cards (one click) as the page gave them, read by extras/stored-cards.ts. */
  registrations: unknown;
  /** The billing group's prefill (or true) and its required fields, read by extras/billing.ts. */
  billingAddress: unknown;
  mandatoryBillingFields: unknown;
  /** browser.threeDChallengeWindow: the 3-D Secure 2 challenge window size, 1–5, or null. */
  browser: { threeDChallengeWindow: number | null };
  onReady: Callback | null;
  onError: Callback | null;
  onBeforeSubmitCard: Callback | null;
  onBeforeSubmitDirectDebit: Callback | null;
  onBeforeSubmitVirtualAccount: Callback | null;
  onAfterSubmit: Callback | null;
  onChangeBrand: Callback | null;
  onDetectBrand: Callback | null;
  onLoadThreeDIframe: Callback | null;
  onReadyIframeCommunication: Callback | null;
  onFocusIframeCommunication: Callback | null;
  onBlurIframeCommunication: Callback | null;
  onBlurCardNumber: Callback | null;
  onBlurSecurityCode: Callback | null;
  onBlurCardHolder: Callback | null;
  onBlurExpiryDate: Callback | null;
}

/** Callback options: a function, or null. One string, split: the shortest list in the main script. */
const CALLBACKS = ('onReady onSaveTransactionData onError onBeforeSubmitCard onBeforeSubmitDirectDebit ' +
  'onBeforeSubmitVirtualAccount onAfterSubmit onChangeBrand onDetectBrand onLoadThreeDIframe onReadyIframeCommunication ' +
  'onFocusIframeCommunication onBlurIframeCommunication onBlurCardNumber onBlurSecurityCode onBlurCardHolder ' +
  'onBlurExpiryDate').split(' ') as CallbackKey[];

/** Boolean options that default to true, then those that default to false. */
const TRUE_BOOLEANS = 'brandDetection requireCvv showLabels showPlaceholders'.split(' ') as BooleanKey[];
const BOOLEANS = TRUE_BOOLEANS.concat(
  'disableSubmitOnEnter allowEmptyCvv maskCvv disableCardExpiryDateValidation useSummaryPage showCVVHint enableSAQACompliance'.split(' ') as BooleanKey[],
);

/** Options handed on as the page gave them, read where they are used (mostly extras). */
const RAW = 'registrations billingAddress mandatoryBillingFields applePay googlePay'.split(' ') as RawKey[];

type KeysOf<V> = { [K in keyof Options]: Options[K] extends V ? K : never }[keyof Options];
type CallbackKey = KeysOf<Callback | null>;
type BooleanKey = KeysOf<boolean>;
type RawKey = 'registrations' | 'billingAddress' | 'mandatoryBillingFields' | 'applePay' | 'googlePay';

const fill = <K extends string, V>(keys: readonly K[], value: (k: K) => V) => Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, V>;

export const DEFAULTS: Readonly<Options> = Object.freeze<Options>({
  style: 'card',
  locale: 'en',
  labels: {},
  errorMessages: {},
  iframeStyles: {},
  brandDetectionPriority: [],
  paymentTarget: null,
  shopperResultTarget: null,
  autofocus: null,
  spinner: { className: '', color: '' },
  threeDIframeSize: null,
  browser: { threeDChallengeWindow: null },
  ...fill(BOOLEANS, (k) => TRUE_BOOLEANS.includes(k)),
  ...fill(RAW, () => null),
  ...fill(CALLBACKS, () => null),
});

/** true/false, "true"/"false" (any case, trimmed), 1/0 and "1"/"0"; anything else: the default. */
export function toBool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
  }
  return fallback;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A flat map of non-empty strings (labels, errorMessages); numbers become strings. */
function toStrings(x: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObj(x)) return out;
  for (const [k, v] of Object.entries(x)) {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[k] = String(v);
  }
  return out;
}

/** ["MADA","VISA"], or "MADA VISA" / "MADA,VISA". */
function toBrandList(x: unknown): string[] {
  const items = Array.isArray(x) ? x : typeof x === 'string' ? x.split(/[\s,]+/) : [];
  return items.filter((b): b is string => typeof b === 'string' && /^[A-Z0-9_]{1,32}$/.test(b.trim())).map((b) => b.trim());
}

function toName(x: unknown): string | null {
  return typeof x === 'string' && x.trim() !== '' ? x.trim() : null;
}

export function normalizeLocale(x: unknown): string {
  if (typeof x !== 'string') return DEFAULTS.locale;
  const m = /^\s*([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?\s*$/.exec(x);
  if (!m) return DEFAULTS.locale;
  return m[2] ? `${m[1]!.toLowerCase()}-${m[2].toUpperCase()}` : m[1]!.toLowerCase();
}

function toSize(x: unknown): string | null {
  if (typeof x === 'number' && Number.isFinite(x) && x > 0) return `${x}px`;
  if (typeof x === 'string' && /^\d+(\.\d+)?(px|%|em|rem|vh|vw)?$/.test(x.trim())) {
    const v = x.trim();
    return /\d$/.test(v) ? `${v}px` : v;
  }
  return null;
}

/** Reads window.wpwlOptions (any shape) into complete, typed options. Never throws. */
export function readOptions(raw: unknown): Options {
  const o = isObj(raw) ? raw : {};
  // Fresh containers: the defaults' own objects are never handed out (nor mutated below).
  const out: Options = { ...DEFAULTS, iframeStyles: {}, spinner: { ...DEFAULTS.spinner } };
  out.style = o.style === 'plain' || o.style === 'logos' ? o.style : 'card';
  out.locale = normalizeLocale(o.locale);
  out.labels = toStrings(o.labels);
  out.errorMessages = toStrings(o.errorMessages);
  if (isObj(o.iframeStyles)) {
    for (const [k, v] of Object.entries(o.iframeStyles)) if (isObj(v)) out.iframeStyles[k] = toStrings(v);
  }
  for (const key of BOOLEANS) out[key] = toBool(o[key], DEFAULTS[key]);
  for (const key of RAW) out[key] = o[key] ?? null;
  out.brandDetectionPriority = toBrandList(o.brandDetectionPriority);
  out.paymentTarget = toName(o.paymentTarget);
  out.shopperResultTarget = toName(o.shopperResultTarget);
  out.autofocus = toName(o.autofocus);
  if (isObj(o.spinner)) {
    const s = toStrings(o.spinner);
    out.spinner = {
      className: /^[\w\s-]{0,100}$/.test(s.className ?? '') ? (s.className ?? '').trim() : '',
      color: /^[#\w\s(),.%]{0,40}$/.test(s.color ?? '') ? (s.color ?? '').trim() : '',
    };
  }
  if (isObj(o.threeDIframeSize)) {
    const width = toSize(o.threeDIframeSize.width);
    const height = toSize(o.threeDIframeSize.height);
    out.threeDIframeSize = width || height ? { width: width ?? '100%', height: height ?? '400px' } : null;
  }
  const window = isObj(o.browser) ? Number(o.browser.threeDChallengeWindow) : NaN;
  out.browser = { threeDChallengeWindow: Number.isInteger(window) && window >= 1 && window <= 5 ? window : null };
  for (const key of CALLBACKS) {
    const fn = o[key];
    out[key] = typeof fn === 'function' ? (fn as Callback) : null;
  }
  return out;
}
