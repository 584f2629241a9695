// Types of the paywidgets payment widget for merchant pages written in TypeScript: the options a
// page sets as window.wpwlOptions before (or just after) the loader's <script> tag, and the
// window.wpwl global the loader creates. Copy this file into your project (or reference it with
// /// <reference path="paywidgets.d.ts" />); it declares globals only and has no runtime part.
// Unknown option keys are ignored by the widget; booleans may also be given as "true"/"false".

/** A jQuery-like wrapper of widget elements, as callbacks get it in this.$form / this.$iframe. */
interface WpwlWrapped<E extends Element = Element> extends ArrayLike<E> {
  get(index: number): E | undefined;
  css(name: string): string;
  css(name: string, value: string | number): WpwlWrapped<E>;
  css(properties: Record<string, string | number>): WpwlWrapped<E>;
  find(selector: string): WpwlWrapped<Element>;
  val(): string | undefined;
  val(value: string): WpwlWrapped<E>;
  height(): number;
  addClass(names: string): WpwlWrapped<E>;
  removeClass(names: string): WpwlWrapped<E>;
}

/** `this` of the form callbacks (onReady, onBlurCardHolder…): the widget's form, with $form. */
type WpwlFormThis = HTMLFormElement & { $form: WpwlWrapped<HTMLFormElement> };
/** `this` of the card-iframe callbacks: the iframe, with $iframe and its form's $form. */
type WpwlIframeThis = HTMLIFrameElement & { $iframe: WpwlWrapped<HTMLIFrameElement>; $form: WpwlWrapped<HTMLFormElement> };

/** What onError receives. */
interface WpwlError {
  name: 'InvalidCheckoutIdError' | 'WidgetError' | 'PciIframeSubmitError' | 'PciIframeCommunicationError';
  message: string;
  /** Result code where there is one, e.g. '200.300.404' for an unknown or expired checkout. */
  code?: string;
  /** WidgetError: the brand concerned, and what happened. */
  brand?: string;
  event?: string;
}

/** The argument of the onBeforeSubmit* callbacks: an event-like object whose target is the form. */
interface WpwlSubmitEvent {
  target: HTMLFormElement;
  preventDefault(): void;
}

/** Locale codes of the widget (note the non-ISO dk se cn gr cz); a `-CC` region may follow. */
type WpwlLocale =
  | 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'dk' | 'fi' | 'se' | 'tr' | 'ja' | 'sl' | 'pt'
  | 'pl' | 'cz' | 'hu' | 'bg' | 'ro' | 'ru' | 'cn' | 'gr' | 'no' | 'sk' | 'ar' | 'ko'
  | `${string}-${string}`;

type WpwlLabelKey =
  | 'brand' | 'cardNumber' | 'cardHolder' | 'cvv' | 'expiryDate' | 'mmyy' | 'submit' | 'register' | 'cancel'
  | 'country' | 'billingAddress' | 'givenName' | 'surname' | 'showOtherPaymentMethods' | 'cvvHint'
  | 'cvvHintAmex' | 'cvvHintMaestro' | 'cvvHelp' | 'accountHolder' | 'accountNumber' | 'accountBank'
  | 'bankName' | 'pin' | 'ddmmyyyy'
  /** "Pay with {brand}" (the forms that are not cards) and "Pay by card" (the card form beside them). */
  | 'payWith' | 'payByCard';

type WpwlErrorMessageKey =
  | 'cardNumberError' | 'cardHolderError' | 'cvvError' | 'expiryMonthError' | 'expiryYearError'
  | 'cardBinError' | 'accountHolderError' | 'accountNumberError' | 'accountBankError' | 'pinError';

type WpwlBoolean = boolean | 'true' | 'false';
/** A CSS length: a number of pixels or a string such as '400px' or '100%'. */
type WpwlSize = number | string;

interface WpwlOptions {
  /** 'card' (default, the boxed card look), 'plain', or 'logos' (brand logos first). */
  style?: 'card' | 'plain' | 'logos';
  locale?: WpwlLocale;
  /** Override texts; every key is optional. */
  labels?: Partial<Record<WpwlLabelKey, string>>;
  errorMessages?: Partial<Record<WpwlErrorMessageKey, string>>;
  /** Placeholder styles inside the card frames. */
  iframeStyles?: { 'card-number-placeholder'?: Record<string, string>; 'cvv-placeholder'?: Record<string, string> };
  showLabels?: WpwlBoolean;
  showPlaceholders?: WpwlBoolean;
  /** CVV shown and required (default true). */
  requireCvv?: WpwlBoolean;
  allowEmptyCvv?: WpwlBoolean;
  maskCvv?: WpwlBoolean;
  showCVVHint?: WpwlBoolean;
  brandDetection?: WpwlBoolean;
  brandDetectionType?: 'binlist' | 'regex';
  /** Preferred order when several brands match, e.g. ['MADA', 'VISA', 'MASTER']. */
  brandDetectionPriority?: string[];
  /** Name of the input to focus once ready. */
  autofocus?: 'card.number' | 'card.holder' | 'card.cvv' | 'card.expiry';
  disableSubmitOnEnter?: WpwlBoolean;
  disableCardExpiryDateValidation?: WpwlBoolean;
  /** Window or frame of the payment: 3-D Secure, a provider's page and the result page; unset = 3-D Secure in iframe.wpwl-target next to the form, the result in this window. */
  paymentTarget?: '_top' | '_blank' | '_self' | '_parent' | string;
  /** Window or frame for the final redirect; unset = paymentTarget's. */
  shopperResultTarget?: '_top' | '_blank' | '_self' | '_parent' | string;
  threeDIframeSize?: { width?: WpwlSize; height?: WpwlSize };
  /** 3-D Secure 2 challenge window size, 1..5. */
  browser?: { threeDChallengeWindow?: 1 | 2 | 3 | 4 | 5 };
  spinner?: { className?: string; color?: string; [option: string]: unknown };
  registrations?: { requireCvv?: WpwlBoolean; hideInitialPaymentForms?: WpwlBoolean };
  billingAddress?: Partial<Record<'country' | 'state' | 'city' | 'postcode' | 'street1' | 'street2', string>>;
  mandatoryBillingFields?: Partial<Record<'country' | 'state' | 'city' | 'postcode' | 'street1' | 'street2', boolean>>;
  useSummaryPage?: WpwlBoolean;
  enableSAQACompliance?: WpwlBoolean;
  forceCardHolderEqualsBillingName?: WpwlBoolean;
  numberFormatting?: WpwlBoolean;
  inlineFlow?: string[];
  imageStyle?: string;
  applePay?: Record<string, unknown>;
  googlePay?: Record<string, unknown>;

  /** Once all forms are drawn: the main hook for changes to the widget's DOM. */
  onReady?: (this: WpwlFormThis) => void;
  onError?: (error: WpwlError) => void;
  /** Return false to block the submit; true proceeds even after preventDefault(). */
  onBeforeSubmitCard?: (this: HTMLFormElement, event: WpwlSubmitEvent) => boolean | void;
  onBeforeSubmitDirectDebit?: (this: HTMLFormElement, event: WpwlSubmitEvent) => boolean | void;
  onBeforeSubmitVirtualAccount?: (this: HTMLFormElement, event: WpwlSubmitEvent) => boolean | void;
  onBeforeSubmitOnlineTransfer?: (this: HTMLFormElement, event: WpwlSubmitEvent) => boolean | void;
  onAfterSubmit?: (this: HTMLFormElement) => void;
  onChangeBrand?: (brand: string) => void;
  onDetectBrand?: (brands: string[], activeBrand: string | null) => void;
  onLoadThreeDIframe?: (this: WpwlIframeThis) => void;
  onReadyIframeCommunication?: (this: WpwlIframeThis) => void;
  onFocusIframeCommunication?: (this: WpwlIframeThis) => void;
  onBlurIframeCommunication?: (this: WpwlIframeThis) => void;
  onBlurCardNumber?: (this: WpwlFormThis, isValid: boolean) => void;
  onBlurSecurityCode?: (this: WpwlFormThis, isValid: boolean) => void;
  onBlurCardHolder?: (this: WpwlFormThis, isValid: boolean) => void;
  onBlurExpiryDate?: (this: WpwlFormThis, isValid: boolean) => void;
  onSaveTransactionData?: (data: { ndc: string; timestamp: string; buildNumber: string }) => void;
}

/** A stored card of the checkout (wpwl.checkout.config.registrations). */
interface WpwlRegistration {
  id: string;
  brand: string;
  bin?: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
}

interface Wpwl {
  /** The checkout, filled once its configuration has arrived. */
  checkout: {
    id: string;
    amount?: string;
    currency?: string;
    paymentType?: string;
    config?: {
      brands?: string[];
      registrations?: WpwlRegistration[];
      /**
       * Colours of the page the shopper is redirected to (3-D Secure), set in onReady; CSS colour
       * values (#hex, a keyword, rgb()/hsl()), anything else is ignored.
       */
      customRedirectPageConfig?: { backgroundColor?: string; messageFontColor?: string; hyperlinkFontColor?: string };
      [key: string]: unknown;
    };
  };
  /** The checkout id. */
  ndc: string;
  apiVersion: string;
  /** Segment of the widget's static URLs: /v1/static/<cacheVersion>/… */
  cacheVersion: string;
  /** Tears the widget down: forms, frames, listeners and styles. */
  unload(): void;
  /**
   * Submits a form by its container class: 'wpwl-container-card', 'wpwl-container-card-<n>',
   * 'wpwl-container-registration', 'wpwl-container-virtualAccount-<BRAND>'.
   */
  executePayment(containerClass?: string): void;
}

// eslint-disable-next-line no-var
declare var wpwlOptions: WpwlOptions | undefined;
// eslint-disable-next-line no-var
declare var wpwl: Wpwl | undefined;
