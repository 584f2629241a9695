// What every kind of traffic works with: the merchant's client, its books, the run's random
// source, and the card and entities it pays with.

import type { Random } from '../random.js';
import type { Merchant } from './client.js';
import type { Ledger } from './ledger.js';

export interface Shop {
  merchant: Merchant;
  ledger: Ledger;
  random: Random;
  /** The test merchant's channel: every kind of traffic but the schedules. */
  entityId: string;
  /** A second channel of the same merchant whose test clock the schedules move (clock moves settle its days). */
  clockEntityId: string;
}

export const CARD = {
  paymentBrand: 'VISA',
  'card.number': '4200000000000000',
  'card.holder': 'Jane Jones',
  'card.expiryMonth': '05',
  'card.expiryYear': '2034',
  'card.cvv': '123',
} as const;

/** One flow of a kind of traffic: a shopper's or the merchant's whole errand, start to end. */
export type Flow = (shop: Shop) => Promise<void>;
