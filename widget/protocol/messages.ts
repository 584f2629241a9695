// The closed set of messages between the host script (merchant page) and the card frames (relay
// origin). Both sides import only this file and its siblings in protocol/. Every received message
// goes through a guard below before anything reads it; the channel (channel.ts) adds the origin,
// source window and channel-id checks. There is deliberately no message that carries a card number
// or CVV to the host, and no "get value" / "set value" message at all (W3).
// Pattern: a discriminated union + guards, as @preact/signals devtools' postmessage-adapter and
// Adyen Web's postMessageValidation do.

/** Marks our messages among everything else a merchant page posts (analytics, chat widgets…). */
export const TAG = 'wpwl/1';

/** The card number and CVV always have frames; the expiry and holder only with enableSAQACompliance. */
export type Field = 'cardNumber' | 'cvv' | 'expiry' | 'cardHolder';

/** The `name` attribute of each card iframe (the widget's DOM contract) — also its window.name. */
export const FIELD_NAMES: Readonly<Record<Field, string>> = { cardNumber: 'card.number', cvv: 'card.cvv', expiry: 'card.expiry', cardHolder: 'card.holder' };

/**
 * What the card-number frame submits to: POST <relay>/v1/checkouts/<id>/<action>. `payment` pays;
 * `transactionData` only saves the shopper's data on the checkout (useSummaryPage);
 * `registration` stores the card (the registration widget, checkoutId=ID/registration).
 */
export type PayAction = 'payment' | 'transactionData' | 'registration';

interface Envelope {
  tag: typeof TAG;
  /** Per widget-form channel id (channel.ts), carried in the frame URL's fragment. */
  channel: string;
}

// ---- frame -> host -------------------------------------------------------------------------

/** The only message sent before the peer origin is known: it carries nothing but the field. */
export interface ReadyMsg extends Envelope {
  type: 'ready';
  field: Field;
}

/** Field state after every input, focus and blur. Never the value. */
export interface StateMsg extends Envelope {
  type: 'state';
  field: Field;
  empty: boolean;
  valid: boolean;
  focused: boolean;
  /** Brand the number resolves to among the allowed brands (card-number frame), else null. */
  brand: string | null;
  /** Every allowed brand the digits so far could belong to (for onDetectBrand). */
  detected: string[];
}

/** Enter was pressed inside a frame (the host decides whether that submits). */
export interface EnterMsg extends Envelope {
  type: 'enter';
  field: Field;
}

export interface ParameterErrorInfo {
  name: string;
  message: string;
}

/** What the relay answered to the card-number frame's POST: outcome only, no card data. */
export interface OutcomeMsg extends Envelope {
  type: 'outcome';
  /** HTTP status of the relay's answer. */
  status: number;
  code: string;
  description: string;
  paymentId: string | null;
  /** 3-D Secure (or other) redirect to show, GET only. */
  redirectUrl: string | null;
  /** Where the shopper goes when done (form action + id + resourcePath, built by the relay). */
  resultUrl: string | null;
  parameterErrors: ParameterErrorInfo[];
  /** The answer's envelope (onSaveTransactionData hands them on). */
  timestamp: string;
  buildNumber: string;
}

export type FailureReason = 'invalid' | 'network' | 'busy';

/** The card-number frame could not submit (invalid fields, no CVV frame, network error, busy). */
export interface FailureMsg extends Envelope {
  type: 'failure';
  reason: FailureReason;
  /** Fields that are invalid (reason 'invalid'). */
  fields: Field[];
  message: string;
}

export type FrameToHost = ReadyMsg | StateMsg | EnterMsg | OutcomeMsg | FailureMsg;

// ---- host -> frame -------------------------------------------------------------------------

/**
 * Host messages also carry the host's key: 128 random bits made by whichever script creates the
 * frames (the loader or the main script), kept in its memory and handed to the frame only in the
 * fragment of the URL the frame is sent to (frame-url.ts, loader/launch.ts), never in the DOM. The
 * frame knows the key before any message arrives and drops every message without it, the first
 * 'config' included: another script on the merchant page, which can see the iframes and the
 * channel id in the frames' 'ready', cannot configure a frame or make it pay, however early it is.
 */
interface HostEnvelope extends Envelope {
  key: string;
}

/** Placeholder styles from wpwlOptions.iframeStyles; the frame filters them again (allow-list). */
export type StyleMap = Record<string, string>;

export interface ConfigMsg extends HostEnvelope {
  type: 'config';
  field: Field;
  /** Allowed card brands of this form, in the merchant's order. */
  brands: string[];
  /** Brand currently chosen in the host's brand select. */
  brand: string | null;
  /** Detect the brand from the digits (wpwlOptions.brandDetection). */
  detection: boolean;
  /** wpwlOptions.brandDetectionPriority. */
  priority: string[];
  /** Accessible name of the input. */
  label: string;
  placeholder: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** CVV shown as password characters (maskCvv). */
  mask: boolean;
  /** An empty CVV counts as valid (allowEmptyCvv). */
  allowEmpty: boolean;
  /** The expiry frame's: a past expiry is invalid (unless disableCardExpiryDateValidation). */
  checkDate?: boolean;
  placeholderStyle: StyleMap;
}

export interface BrandMsg extends HostEnvelope {
  type: 'brand';
  brand: string | null;
}

export interface FocusMsg extends HostEnvelope {
  type: 'focus';
}

/** Mirror of the host's error state, for aria-invalid inside the frame, and the error's text for aria-describedby. */
export interface InvalidMsg extends HostEnvelope {
  type: 'invalid';
  invalid: boolean;
  error?: string;
}

/** Ask the card-number frame to submit. `fields` are the host form's named controls, in order. */
export interface PayMsg extends HostEnvelope {
  type: 'pay';
  action: PayAction;
  /** Whether the form has a CVV frame whose value goes with the card number. */
  withCvv: boolean;
  /** A stored card (registrationId among the fields): no card number goes with it. */
  stored: boolean;
  /** The expiry and holder come from their own frames (enableSAQACompliance), not from `fields`. */
  framedExpiry?: boolean;
  fields: Array<[string, string]>;
}

export type HostToFrame = ConfigMsg | BrandMsg | FocusMsg | InvalidMsg | PayMsg;

// ---- guards --------------------------------------------------------------------------------

/** Bounds that keep a flood of huge messages cheap to reject. */
export const LIMITS = {
  /** Characters of any single string in a message. */
  text: 2048,
  /** Entries in a list (brands, fields, parameter errors). */
  list: 500,
  /** Characters of a submitted field value. */
  value: 4096,
} as const;

type Rec = Record<string, unknown>;

function isRecord(x: unknown): x is Rec {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
}

const isStr = (x: unknown, max: number = LIMITS.text): x is string => typeof x === 'string' && x.length <= max;
const isBool = (x: unknown): x is boolean => typeof x === 'boolean';
const isStrOrNull = (x: unknown): x is string | null => x === null || isStr(x);
const isList = <T>(x: unknown, item: (v: unknown) => v is T): x is T[] =>
  Array.isArray(x) && x.length <= LIMITS.list && x.every(item);
const isBrandCode = (x: unknown): x is string => typeof x === 'string' && /^[A-Z0-9_]{1,32}$/.test(x);
const isBrandOrNull = (x: unknown): x is string | null => x === null || isBrandCode(x);

/** 128 random bits as 32 lower-case hex characters (channel.ts makes them; also the host key). */
export const isChannelId = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{32}$/.test(x);

export const isField = (x: unknown): x is Field => x === 'cardNumber' || x === 'cvv' || x === 'expiry' || x === 'cardHolder';

function isEnvelope(x: unknown): x is Rec & Envelope {
  return isRecord(x) && x.tag === TAG && isChannelId(x.channel) && typeof x.type === 'string';
}

function isStyleMap(x: unknown): x is StyleMap {
  if (!isRecord(x)) return false;
  const entries = Object.entries(x);
  return entries.length <= 64 && entries.every(([k, v]) => isStr(k, 64) && isStr(v, 256));
}

function isFieldPair(x: unknown): x is [string, string] {
  return Array.isArray(x) && x.length === 2 && isStr(x[0], 256) && x[0].length > 0 && isStr(x[1], LIMITS.value);
}

function isParamError(x: unknown): x is ParameterErrorInfo {
  return isRecord(x) && isStr(x.name, 256) && isStr(x.message);
}

const isReason = (x: unknown): x is FailureReason => x === 'invalid' || x === 'network' || x === 'busy';

/** Shape check of everything a frame may send to the host. */
export function isFrameToHost(x: unknown): x is FrameToHost {
  if (!isEnvelope(x)) return false;
  switch (x.type) {
    case 'ready':
    case 'enter':
      return isField(x.field);
    case 'state':
      return (
        isField(x.field) &&
        isBool(x.empty) &&
        isBool(x.valid) &&
        isBool(x.focused) &&
        isBrandOrNull(x.brand) &&
        isList(x.detected, isBrandCode)
      );
    case 'outcome':
      return (
        typeof x.status === 'number' &&
        Number.isInteger(x.status) &&
        isStr(x.code, 32) &&
        isStr(x.description) &&
        isStrOrNull(x.paymentId) &&
        isStrOrNull(x.redirectUrl) &&
        isStrOrNull(x.resultUrl) &&
        isList(x.parameterErrors, isParamError) &&
        isStr(x.timestamp, 64) &&
        isStr(x.buildNumber, 256)
      );
    case 'failure':
      return isReason(x.reason) && isList(x.fields, isField) && isStr(x.message);
    default:
      return false;
  }
}

/** Shape check of everything the host may send to a frame. */
export function isHostToFrame(x: unknown): x is HostToFrame {
  if (!isEnvelope(x) || !isChannelId(x.key)) return false;
  switch (x.type) {
    case 'config':
      return (
        isField(x.field) &&
        isList(x.brands, isBrandCode) &&
        isBrandOrNull(x.brand) &&
        isBool(x.detection) &&
        isList(x.priority, isBrandCode) &&
        isStr(x.label, 256) &&
        isStr(x.placeholder, 256) &&
        isStr(x.lang, 16) &&
        (x.dir === 'ltr' || x.dir === 'rtl') &&
        isBool(x.mask) &&
        isBool(x.allowEmpty) &&
        (x.checkDate === undefined || isBool(x.checkDate)) &&
        isStyleMap(x.placeholderStyle)
      );
    case 'brand':
      return isBrandOrNull(x.brand);
    case 'focus':
      return true;
    case 'invalid':
      return isBool(x.invalid) && (x.error === undefined || isStr(x.error));
    case 'pay':
      return (
        (x.action === 'payment' || x.action === 'transactionData' || x.action === 'registration') && isBool(x.withCvv) && isBool(x.stored) && (x.framedExpiry === undefined || isBool(x.framedExpiry)) && isList(x.fields, isFieldPair)
      );
    default:
      return false;
  }
}

/** Distributive Omit, so each member of a union keeps its own fields. */
type DistOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A message as written by a sender; the channel adds tag, channel id (and the host's key). */
export type FrameToHostBody = DistOmit<FrameToHost, 'tag' | 'channel'>;
export type HostToFrameBody = DistOmit<HostToFrame, 'tag' | 'channel' | 'key'>;
