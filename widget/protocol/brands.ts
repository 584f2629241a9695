// Card brands the card form accepts, with the names the brand select shows. Brands not listed here
// (bank accounts, wallets, virtual accounts) are not card brands and never share the card form.
// The frame's detection rules (frame/card-rules.ts) cover a subset of these.

export const CARD_BRANDS: Readonly<Record<string, string>> = {
  AMEX: 'American Express',
  CARTEBANCAIRE: 'Carte Bancaire',
  CARTEBLEUE: 'Carte Bleue',
  DANKORT: 'Dankort',
  DINERS: 'Diners',
  DISCOVER: 'Discover',
  ELO: 'Elo',
  HIPERCARD: 'Hipercard',
  JCB: 'JCB',
  MADA: 'mada',
  MAESTRO: 'Maestro',
  MASTER: 'MasterCard',
  MASTERDEBIT: 'Debit MasterCard',
  VISA: 'Visa',
  VISADEBIT: 'Visa Debit',
  VISAELECTRON: 'Visa Electron',
  VPAY: 'V PAY',
};

export function isCardBrand(brand: string): boolean {
  return Object.prototype.hasOwnProperty.call(CARD_BRANDS, brand);
}

/** Brands from data-brands (or a legacy form's text): whitespace-separated, case-sensitive, ordered. */
export function parseBrandList(text: string | null | undefined): string[] {
  const out: string[] = [];
  for (const b of (text ?? '').trim().split(/\s+/)) if (b && !out.includes(b)) out.push(b);
  return out;
}
