// Brand codes as data: what kind of account each brand pays with and, for cards, the number
// lengths and CVV length. Imported by the relay and by the browser widget, so it imports nothing
// and every export is a constant or a small function (tree-shakable).
//
// Sources: widget-surface §2 (brand codes seen and the card / bank-account lists), §9 (test cards),
// the specification (BOLETO, BALOTO, OXXO are cash slips). Lengths and CVV sizes match
// card-validator's tables where it knows the brand, so the widget and the relay agree.

export type BrandKind = 'card' | 'bankAccount' | 'virtualAccount' | 'wallet' | 'voucher';

/** card-validator (credit-card-type) type names this project maps to a brand. */
export type CardValidatorType =
  | 'visa'
  | 'mastercard'
  | 'american-express'
  | 'diners-club'
  | 'discover'
  | 'jcb'
  | 'maestro'
  | 'elo'
  | 'hipercard'
  | 'mir'
  | 'unionpay';

export interface CardBrand {
  code: string;
  kind: 'card';
  name: string;
  /** The card-validator type that IS this brand; only the network's main brand carries it. */
  cardValidatorType?: CardValidatorType;
  /**
   * Networks whose cards may carry this brand too (co-badged or a product of that network): a
   * VISADEBIT card is a Visa card. Used when the number alone cannot tell the brands apart.
   */
  alsoOn?: readonly string[];
  /** Allowed card number lengths. */
  lengths: readonly number[];
  cvvLength: 3 | 4;
}

export interface OtherBrand {
  code: string;
  kind: Exclude<BrandKind, 'card'>;
  name: string;
}

export type Brand = CardBrand | OtherBrand;

export const CARD_BRANDS: readonly CardBrand[] = [
  { code: 'VISA', kind: 'card', name: 'Visa', cardValidatorType: 'visa', lengths: [16, 18, 19], cvvLength: 3 },
  { code: 'MASTER', kind: 'card', name: 'Mastercard', cardValidatorType: 'mastercard', lengths: [16], cvvLength: 3 },
  { code: 'AMEX', kind: 'card', name: 'American Express', cardValidatorType: 'american-express', lengths: [15], cvvLength: 4 },
  { code: 'MADA', kind: 'card', name: 'mada', alsoOn: ['VISA', 'MASTER'], lengths: [16], cvvLength: 3 },
  { code: 'DINERS', kind: 'card', name: 'Diners Club', cardValidatorType: 'diners-club', lengths: [14, 16, 19], cvvLength: 3 },
  { code: 'DISCOVER', kind: 'card', name: 'Discover', cardValidatorType: 'discover', lengths: [16, 19], cvvLength: 3 },
  { code: 'JCB', kind: 'card', name: 'JCB', cardValidatorType: 'jcb', lengths: [16, 17, 18, 19], cvvLength: 3 },
  { code: 'MAESTRO', kind: 'card', name: 'Maestro', cardValidatorType: 'maestro', lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvvLength: 3 },
  { code: 'VISAELECTRON', kind: 'card', name: 'Visa Electron', alsoOn: ['VISA'], lengths: [16], cvvLength: 3 },
  { code: 'VISADEBIT', kind: 'card', name: 'Visa Debit', alsoOn: ['VISA'], lengths: [16, 18, 19], cvvLength: 3 },
  { code: 'MASTERDEBIT', kind: 'card', name: 'Debit Mastercard', alsoOn: ['MASTER'], lengths: [16], cvvLength: 3 },
  { code: 'VPAY', kind: 'card', name: 'V PAY', alsoOn: ['VISA'], lengths: [13, 14, 15, 16, 17, 18, 19], cvvLength: 3 },
  { code: 'DANKORT', kind: 'card', name: 'Dankort', lengths: [16], cvvLength: 3 },
  { code: 'CARTEBANCAIRE', kind: 'card', name: 'Carte Bancaire', alsoOn: ['VISA', 'MASTER'], lengths: [16, 19], cvvLength: 3 },
  { code: 'CARTEBLEUE', kind: 'card', name: 'Carte Bleue', alsoOn: ['VISA'], lengths: [16], cvvLength: 3 },
  { code: 'ELO', kind: 'card', name: 'Elo', cardValidatorType: 'elo', lengths: [16], cvvLength: 3 },
  { code: 'HIPERCARD', kind: 'card', name: 'Hipercard', cardValidatorType: 'hipercard', lengths: [16], cvvLength: 3 },
  { code: 'MIR', kind: 'card', name: 'Mir', cardValidatorType: 'mir', lengths: [16, 17, 18, 19], cvvLength: 3 },
  { code: 'UNIONPAY', kind: 'card', name: 'UnionPay', cardValidatorType: 'unionpay', lengths: [14, 15, 16, 17, 18, 19], cvvLength: 3 },
];

export const OTHER_BRANDS: readonly OtherBrand[] = [
  // Bank accounts (direct debit and online bank transfers).
  { code: 'DIRECTDEBIT_SEPA', kind: 'bankAccount', name: 'SEPA Direct Debit' },
  { code: 'GIROPAY', kind: 'bankAccount', name: 'giropay' },
  { code: 'IDEAL', kind: 'bankAccount', name: 'iDEAL' },
  { code: 'SOFORTUEBERWEISUNG', kind: 'bankAccount', name: 'Sofort' },
  // Cash slips: widget-surface §2 lists BOLETO and OXXO among bank-account brands, but the
  // specification's flow (PA generates a slip, RC confirms it) is that of a voucher.
  { code: 'BOLETO', kind: 'voucher', name: 'Boleto Bancário' },
  { code: 'OXXO', kind: 'voucher', name: 'OXXO' },
  { code: 'BALOTO', kind: 'voucher', name: 'Baloto' },
  // Wallets: a provider token instead of card data.
  { code: 'APPLEPAY', kind: 'wallet', name: 'Apple Pay' },
  { code: 'GOOGLEPAY', kind: 'wallet', name: 'Google Pay' },
  { code: 'PAYPAL', kind: 'wallet', name: 'PayPal' },
  { code: 'CLICK_TO_PAY', kind: 'wallet', name: 'Click to Pay' },
  // Virtual accounts: an account id at a third party.
  { code: 'STC_PAY', kind: 'virtualAccount', name: 'STC Pay' },
  { code: 'ALIPAY', kind: 'virtualAccount', name: 'Alipay' },
  { code: 'TABBY', kind: 'virtualAccount', name: 'tabby' },
  { code: 'TAMARA', kind: 'virtualAccount', name: 'Tamara' },
];

/** The row of a brand code (case-sensitive, as in data-brands), or undefined. */
export function brandOf(code: string): Brand | undefined {
  return CARD_BRANDS.find((b) => b.code === code) ?? OTHER_BRANDS.find((b) => b.code === code);
}

/** Whether the brand is paid with card data (number, expiry, CVV) in the shared card form. */
export function isCardBrand(code: string): boolean {
  return CARD_BRANDS.some((b) => b.code === code);
}

/** The card brand row for a code, or undefined when the code is not a card brand. */
export function cardBrandOf(code: string): CardBrand | undefined {
  return CARD_BRANDS.find((b) => b.code === code);
}
