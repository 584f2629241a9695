// GET <relay>/v1/checkouts/<id>/widget: what the widget needs to know about the checkout (CORS,
// no credentials). An unknown or expired checkout answers 404/400 with result.code 200.300.404.
// The loader usually started the request already (loader/handoff.ts); this reads its answer.

import { requestCheckout } from '../loader/handoff.js';

export interface StoredCard {
  id: string;
  brand: string;
  bin?: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
}

export interface CheckoutInfo {
  id: string;
  amount: string;
  currency: string;
  paymentType: string;
  /** Brands the checkout allows; null = whatever the form lists. */
  brands: string[] | null;
  registrations: StoredCard[];
  shopperResultUrl: string | null;
  /** Too many declines: the checkout cannot be paid any more. */
  locked: boolean;
  /** Parameters the checkout was prepared with (names only): the slip form does not ask for them. */
  carries: string[];
}

export type CheckoutAnswer =
  | { kind: 'ok'; checkout: CheckoutInfo }
  | { kind: 'invalid'; code: string; description: string }
  | { kind: 'error'; message: string };

const str = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '');

function parseCard(x: unknown): StoredCard | null {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as Record<string, unknown>;
  if (typeof r.id !== 'string' || typeof r.brand !== 'string') return null;
  const card: StoredCard = { id: r.id, brand: r.brand, last4: str(r.last4), expiryMonth: str(r.expiryMonth), expiryYear: str(r.expiryYear) };
  if (typeof r.bin === 'string') card.bin = r.bin;
  return card;
}

/** Reads the widget endpoint's JSON; null if it is not a checkout. */
export function parseCheckout(json: unknown): CheckoutInfo | null {
  if (typeof json !== 'object' || json === null) return null;
  const j = json as Record<string, unknown>;
  if (typeof j.id !== 'string' || j.id === '') return null;
  return {
    id: j.id,
    amount: str(j.amount),
    currency: str(j.currency),
    paymentType: str(j.paymentType),
    brands: Array.isArray(j.brands) ? j.brands.filter((b): b is string => typeof b === 'string') : null,
    registrations: Array.isArray(j.registrations) ? j.registrations.map(parseCard).filter((c): c is StoredCard => c !== null) : [],
    shopperResultUrl: typeof j.shopperResultUrl === 'string' ? j.shopperResultUrl : null,
    locked: j.locked === true,
    carries: Array.isArray(j.carries) ? j.carries.filter((n): n is string => typeof n === 'string') : [],
  };
}

/** The checkout's answer; `started` is the loader's request for it, if the loader made one. */
export async function fetchCheckout(base: string, checkoutId: string, signal: AbortSignal, started?: Promise<Response> | null): Promise<CheckoutAnswer> {
  let res: Response;
  try {
    res = await (started ?? requestCheckout(base, checkoutId, signal));
  } catch (e) {
    return { kind: 'error', message: e instanceof Error ? e.message : 'network error' };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const checkout = parseCheckout(json);
    return checkout ? { kind: 'ok', checkout } : { kind: 'error', message: 'unreadable checkout' };
  }
  const result = (json as { result?: { code?: unknown; description?: unknown } } | null)?.result;
  if (res.status === 404 || res.status === 400) {
    return {
      kind: 'invalid',
      code: typeof result?.code === 'string' ? result.code : '200.300.404',
      description: typeof result?.description === 'string' ? result.description : 'No payment session found for the requested id',
    };
  }
  return { kind: 'error', message: `HTTP ${res.status}` };
}
