// The home page's figures, added up from the groups the store counted (storage/repositories/home.ts)
// in the terms the merchant API's transaction report gives each payment (paymentType, currency,
// amount, result.code), so the same range's report adds up to the same figures
// (docs/back-office-home.md, "What is counted"):
// - payments: the customer's payments, debits (DB) and preauthorizations (PA), by status;
// - volume: the successful ones, count and amount by currency;
// - success rate: successful / (successful + declined), pending ones left out until they end;
// - declines: the declined ones by the published result code group of their code (spec/result-codes.ts);
// - refunds (RF), chargebacks (CB) and chargeback reversals (CR): count and amount by currency.

import { RESULT_GROUPS, resultGroup } from '../../../../spec/result-codes.js';
import { formatAmount, MAX_AMOUNT_MINOR } from '../../domain/money.js';
import type { ActivityGroup } from '../../storage/store.js';

/** The types of a customer's payment; captures, refunds and the rest follow one up. */
export const PAYMENT_TYPES: readonly string[] = ['DB', 'PA'];

export interface CurrencyTotal {
  currency: string;
  count: number;
  /** The API's amount grammar. */
  amount: string;
}

export interface DeclineGroup {
  /** A group name of spec/result-codes.ts, or `other` for a code in none. */
  group: string;
  title: string;
  count: number;
}

export interface HomeFigures {
  payments: { succeeded: number; declined: number; pending: number };
  /** From 0 to 1, four decimals; null when nothing ended yet. */
  successRate: number | null;
  volume: CurrencyTotal[];
  declines: DeclineGroup[];
  refunds: CurrencyTotal[];
  chargebacks: CurrencyTotal[];
  chargebackReversals: CurrencyTotal[];
}

/** A sum in the API's grammar; a total beyond one amount's ten digits is written out the same way. */
export function totalAmount(minor: bigint): string {
  if (minor <= BigInt(MAX_AMOUNT_MINOR)) return formatAmount(Number(minor));
  const cents = minor % 100n;
  return `${(minor - cents) / 100n}.${cents < 10n ? '0' : ''}${cents}`;
}

/** Counts and exact sums by currency, as they are added up. */
class ByCurrency {
  readonly #totals = new Map<string, { count: number; amount: bigint }>();

  add(currency: string, count: number, amount: bigint): void {
    const t = this.#totals.get(currency) ?? { count: 0, amount: 0n };
    t.count += count;
    t.amount += amount;
    this.#totals.set(currency, t);
  }

  list(): CurrencyTotal[] {
    return [...this.#totals]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, t]) => ({ currency, count: t.count, amount: totalAmount(t.amount) }));
  }
}

const OTHER = { group: 'other', title: 'other result codes' };

function declineGroupOf(code: string): { group: string; title: string } {
  const name = resultGroup(code);
  const group = name && RESULT_GROUPS.find((g) => g.name === name);
  return group ? { group: group.name, title: group.title } : OTHER;
}

/** The figures of every group given (the caller picks a range's groups). */
export function figuresOf(groups: readonly ActivityGroup[]): HomeFigures {
  const payments = { succeeded: 0, declined: 0, pending: 0 };
  const volume = new ByCurrency();
  const refunds = new ByCurrency();
  const chargebacks = new ByCurrency();
  const reversals = new ByCurrency();
  const declines = new Map<string, DeclineGroup>();
  for (const g of groups) {
    if (PAYMENT_TYPES.includes(g.paymentType)) {
      if (g.status === 'success') {
        payments.succeeded += g.count;
        volume.add(g.currency, g.count, g.amount);
      } else if (g.status === 'declined') {
        payments.declined += g.count;
        const { group, title } = declineGroupOf(g.resultCode);
        const d = declines.get(group) ?? { group, title, count: 0 };
        d.count += g.count;
        declines.set(group, d);
      } else {
        payments.pending += g.count;
      }
    } else if (g.status === 'success') {
      if (g.paymentType === 'RF') refunds.add(g.currency, g.count, g.amount);
      else if (g.paymentType === 'CB') chargebacks.add(g.currency, g.count, g.amount);
      else if (g.paymentType === 'CR') reversals.add(g.currency, g.count, g.amount);
    }
  }
  const ended = payments.succeeded + payments.declined;
  return {
    payments,
    successRate: ended === 0 ? null : Math.round((payments.succeeded / ended) * 10_000) / 10_000,
    volume: volume.list(),
    declines: [...declines.values()].sort((a, b) => b.count - a.count || (a.group < b.group ? -1 : 1)),
    refunds: refunds.list(),
    chargebacks: chargebacks.list(),
    chargebackReversals: reversals.list(),
  };
}
