// The demo shop's orders and what the relay's webhooks said of them. A merchant does not poll for
// a payment's fate: the relay tells it (the checkout carries notificationUrl), and the shop shows
// the order as the last notification left it. Kept in memory: the demo is one process, and a
// restarted demo starts with an empty shop.

import { CheckoutBook } from './checkout-book.js';
import { outcomeOfStatus, type Outcome } from './outcome.js';

export interface Order {
  id: string;
  checkoutId: string;
  /** Awaiting the first notification, or the outcome its result code says. */
  status: 'awaiting notification' | Outcome;
  resultCode?: string;
  paymentId?: string;
  paymentType?: string;
  /** Notifications applied (a retried delivery carries an event already seen: counted once). */
  events: string[];
}

/** Orders kept at most; the oldest go first. */
export const ORDER_BOOK_ENTRIES = 1_000;

export class OrderBook {
  readonly #orders = new CheckoutBook<Order>(ORDER_BOOK_ENTRIES);
  /** Who waits for an order's status to change (the result page's long poll), by order id. */
  readonly #waiting = new Map<string, Set<() => void>>();

  open(id: string, checkoutId: string): Order {
    return this.#orders.add({ id, checkoutId, status: 'awaiting notification', events: [] });
  }

  byCheckout(checkoutId: string): Order | undefined {
    return this.#orders.byCheckout(checkoutId);
  }

  /**
   * Applies a PAYMENT notification of one of the shop's orders (merchantTransactionId is the order
   * id); false when it is about nothing the shop knows. Events seen before change nothing.
   */
  apply(notification: { type?: unknown; payload?: Record<string, unknown> }): boolean {
    const payload = notification.payload ?? {};
    const order = typeof payload.merchantTransactionId === 'string' ? this.#orders.byId(payload.merchantTransactionId) : undefined;
    if (notification.type !== 'PAYMENT' || !order) return false;
    const eventId = typeof payload.eventId === 'string' ? payload.eventId : '';
    if (eventId !== '' && order.events.includes(eventId)) return true;
    if (eventId !== '') order.events.push(eventId);
    const code = (payload.result as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string') return true;
    // A slip issued but not paid (its page as redirect) is pending; its confirmation (RC) pays.
    const outcome = outcomeOfStatus({ result: { code }, redirect: payload.redirect as { url?: string } | undefined });
    // Notifications may come in any order: a late "pending" never hides the outcome that followed it.
    if (outcome === 'pending' && order.status !== 'awaiting notification') return true;
    const changed = order.status !== outcome;
    order.resultCode = code;
    order.status = outcome;
    if (typeof payload.id === 'string') order.paymentId = payload.id;
    if (typeof payload.paymentType === 'string') order.paymentType = payload.paymentType;
    if (changed) this.#wake(order.id);
    return true;
  }

  /**
   * Resolves once the order's status changes, `timeoutMs` passes, or `signal` aborts (the page
   * went away), whichever comes first; the caller reads the order again either way.
   */
  changed(order: Order, timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.#waiting.get(order.id) ?? new Set<() => void>();
      this.#waiting.set(order.id, waiters);
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0 && this.#waiting.get(order.id) === waiters) this.#waiting.delete(order.id);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal.addEventListener('abort', done);
      waiters.add(done);
    });
  }

  #wake(orderId: string): void {
    for (const done of [...(this.#waiting.get(orderId) ?? [])]) done();
  }
}

/** While an order is awaiting its notification or its payment is pending, its status may still change. */
export const mayChange = (order: Order): boolean => order.status === 'awaiting notification' || order.status === 'pending';

const STATUS_TEXT: Record<Order['status'], string> = {
  'awaiting notification': 'awaiting the payment notification',
  success: 'paid',
  review: 'paid, under review',
  pending: 'payment pending',
  declined: 'not paid',
};

/**
 * The result page's order line: what the notifications said, not what a status read says, and
 * whether the page should keep it current (public/assets/order-status.js).
 */
export function orderView(order: Order | undefined): Record<string, string> {
  if (!order) return { orderId: '—', orderStatus: 'no order of this shop', orderState: '', orderWatch: 'false' };
  return { orderId: order.id, orderStatus: STATUS_TEXT[order.status], orderState: order.status, orderWatch: String(mayChange(order)) };
}

/** The shop's /order-status answer: the order's status, its words, and whether to ask again. */
export function orderStatusView(order: Order): { status: Order['status']; text: string; mayChange: boolean } {
  return { status: order.status, text: STATUS_TEXT[order.status], mayChange: mayChange(order) };
}
