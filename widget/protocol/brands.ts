// Card brands the card form accepts, with the names the brand select shows: the rows of the one
// brand table (spec/brands.ts). Brands that are not card brands there (bank accounts, wallets,
// virtual accounts) never share the card form.

// Only the names column is read here: the merchant page's script does not carry the rows.
import { CARD_BRAND_NAMES } from '../../spec/brands.js';

export function isCardBrand(brand: string): boolean {
  return Object.prototype.hasOwnProperty.call(CARD_BRAND_NAMES, brand);
}

/** The name the brand select shows for a brand code. */
export function cardBrandName(brand: string): string {
  return isCardBrand(brand) ? CARD_BRAND_NAMES[brand as keyof typeof CARD_BRAND_NAMES] : brand;
}

/** Brands from data-brands (or a legacy form's text): whitespace-separated, case-sensitive, ordered. */
export function parseBrandList(text: string | null | undefined): string[] {
  const out: string[] = [];
  for (const b of (text ?? '').trim().split(/\s+/)) if (b && !out.includes(b)) out.push(b);
  return out;
}
