// The one product the demo shop sells. The product page, the checkout request and the result page
// all read it from here, so the price a shopper sees is the amount the relay is asked for.

export interface Product {
  name: string;
  description: string;
  /** Decimal string with two fraction digits, as the relay's `amount` parameter (N10.N2) wants it. */
  amount: string;
  /** ISO 4217 code, as the relay's `currency` parameter (A3) wants it. */
  currency: string;
}

export const demoProduct: Product = {
  name: 'Summit Thermos, 0.75 l',
  description:
    'Double-walled stainless steel. Keeps tea hot for 24 hours and water cold for 48. ' +
    'Leak-proof cup lid, powder-coated in glacier blue.',
  amount: '49.90',
  currency: 'EUR',
};

/** Debit: authorise and capture in one step (the relay's paymentType DB). */
export const DEMO_PAYMENT_TYPE = 'DB';

/**
 * The brands the demo's widget offers, in order (the form's data-brands): cards, and an online
 * transfer and PayPal, which send the shopper to the provider's (the simulator's) page and back.
 */
export const DEMO_BRANDS = 'VISA MASTER AMEX SOFORTUEBERWEISUNG PAYPAL';

/**
 * How a shopper in Brazil pays the same product: a boleto in BRL (slips are issued as PA). Its own
 * price, not a conversion: the shop prices it so.
 */
export const BOLETO_OFFER = { amount: '249.00', currency: 'BRL', paymentType: 'PA', brands: 'BOLETO' } as const;

export function formatPrice(amount: string, currency: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  try {
    return new Intl.NumberFormat(currency === 'BRL' ? 'pt-BR' : 'en-IE', { style: 'currency', currency }).format(value);
  } catch {
    // An unknown currency code makes Intl throw; the plain form is still readable.
    return `${amount} ${currency}`;
  }
}
