// The demo shop's routes: product page -> POST /checkout (prepares a checkout at the relay) ->
// /pay (the widget) -> /result (reads the payment status server-side and shows it, its order line
// kept current by the page's script through /order-status). A monthly
// subscription goes POST /subscribe -> /pay -> /subscription/start (the card is stored: the shop
// creates the relay schedule) -> /subscription (its charges; the test clock moves a month at a time).
// Plain node:http: five routes do not need a framework, and the shop stays a separate process-level
// concern from the relay's Fastify app.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { BOLETO_OFFER, DEMO_BRANDS, DEMO_PAYMENT_TYPE, formatPrice, type Product } from './product.js';
import { isFinalStatus, outcomeOf } from './outcome.js';
import { CHECKOUT_ID_PATTERN, RelayCallError, checkoutPaymentPath, type RelayClient } from './relay-client.js';
import { ResultCache } from './result-cache.js';
import { resultView } from './result-view.js';
import { contentSecurityPolicy, pageHeaders } from './security-headers.js';
import { readStaticFile } from './static-files.js';
import { fillRows, renderPage, type TemplateValue } from './templates.js';
import { monthlyJob, oneMonthLater, SubscriptionBook } from './subscriptions.js';
import { mayChange, OrderBook, orderStatusView, orderView } from './orders.js';
import { notificationReceiver, WEBHOOK_PATH } from './notifications.js';
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER, requestIdFor } from '../domain/request-id.js';

export interface DemoLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ShopDeps {
  relayUrl: string;
  relay: RelayClient;
  product: Product;
  publicDir: string;
  logger: DemoLogger;
  /**
   * The shop's webhook receiver as the relay reaches it, and the secret that opens what arrives
   * there; without them the shop asks for no notifications.
   */
  webhooks?: { url: () => string; secret: string };
}

/** The widget styles the gallery shows (wpwlOptions.style). */
export const GALLERY_STYLES = ['card', 'plain', 'logos'] as const;
/** Themes written only as CSS over wpwl-* classes (public/assets/themes/<name>.css); '' = none. */
export const GALLERY_THEMES = ['', 'midnight', 'minimal', 'rounded'] as const;
/** Locales the gallery shows: left-to-right and right-to-left. */
export const GALLERY_LOCALES = ['en', 'ar'] as const;
/** States the gallery opens the form in: as loaded, errors shown, the card number focused. */
export const GALLERY_STATES = ['', 'error', 'focus'] as const;

/** How the gallery draws one widget page (the demo's payment page: card, no theme, English). */
interface Look {
  style: string;
  theme: string;
  locale: string;
  state: string;
}
const PLAIN_LOOK: Look = { style: 'card', theme: '', locale: 'en', state: '' };

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** `signal` aborts when the shopper's connection closes (a long poll stops waiting then). */
type Handler = (url: URL, signal: AbortSignal) => Promise<Reply>;

/** How long /order-status holds an answer while the order does not change, ms. */
export const ORDER_STATUS_WAIT_MS = 25_000;

const json = (status: number, body: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  body: JSON.stringify(body),
});

export function createShopHandler(deps: ShopDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const relayOrigin = new URL(deps.relayUrl).origin;
  const csp = contentSecurityPolicy(relayOrigin);
  const cspFramingSelf = contentSecurityPolicy(relayOrigin, { framesSelf: true });
  const results = new ResultCache();
  const orders = new OrderBook();
  const subscriptions = new SubscriptionBook();

  const page = async (status: number, file: string, values: Record<string, TemplateValue>, policy = csp): Promise<Reply> => ({
    status,
    headers: pageHeaders(policy),
    body: await renderPage(deps.publicDir, `templates/${file}`, values),
  });

  const errorPage = (status: number, title: string, message: string): Promise<Reply> =>
    page(status, 'error.html', { title, message });

  /** What the shopper pays with: cards in the product's currency, or a boleto in BRL. */
  const offers = {
    card: { amount: deps.product.amount, currency: deps.product.currency, paymentType: DEMO_PAYMENT_TYPE, brands: DEMO_BRANDS },
    boleto: BOLETO_OFFER,
  };
  type Offer = keyof typeof offers;

  const widgetPage = (checkoutId: string, look: Look, resultUrl = '/result', offer: Offer = 'card'): Promise<Reply> =>
    page(200, 'checkout.html', {
      ...look,
      dir: look.locale === 'ar' ? 'rtl' : 'ltr',
      productName: deps.product.name,
      price: formatPrice(offers[offer].amount, offers[offer].currency),
      widgetScript: `${deps.relayUrl}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}`,
      resultUrl,
      brands: offers[offer].brands,
    });

  /**
   * A checkout for a new order: its payment's notifications come to the shop's /webhooks. A
   * subscription's first order stores the card with its payment.
   */
  const prepare = async (subscription = false, offer: Offer = 'card'): Promise<string> => {
    const orderId = randomUUID().replaceAll('-', '');
    const checkoutId = await deps.relay.prepareCheckout({
      amount: offers[offer].amount,
      currency: offers[offer].currency,
      paymentType: offers[offer].paymentType,
      merchantTransactionId: orderId,
      ...(subscription ? { createRegistration: 'true' } : {}),
      ...(deps.webhooks ? { notificationUrl: deps.webhooks.url() } : {}),
    });
    orders.open(orderId, checkoutId);
    if (subscription) subscriptions.open(orderId, checkoutId);
    return checkoutId;
  };

  const subscriptionPage = async (id: string): Promise<Reply> => {
    const subscription = subscriptions.byId(id);
    if (!subscription?.scheduleId) return errorPage(404, 'Unknown subscription', 'Start again from the shop.');
    const [schedule, clock] = await Promise.all([deps.relay.schedule(subscription.scheduleId), deps.relay.testClock()]);
    const charges = (schedule.occurrences ?? []).filter((o) => o.status !== 'skipped');
    return page(200, 'subscription.html', {
      id,
      scheduleId: schedule.id,
      status: schedule.status ?? '',
      nextRunAt: schedule.nextRunAt ?? '—',
      clock,
      price: formatPrice(deps.product.amount, deps.product.currency),
      chargeCount: String(charges.length),
      charges: await fillRows(
        deps.publicDir,
        'templates/subscription-charge.html',
        charges.map((o) => ({ scheduledAt: o.scheduledAt, paymentId: o.paymentId ?? '—', code: o.result?.code ?? o.status, description: o.result?.description ?? '' })),
      ),
    });
  };

  /** Runs a relay call of a subscription's page, then shows the page again (post/redirect/get). */
  const onSubscription = async (url: URL, act: (scheduleId: string) => Promise<unknown>): Promise<Reply> => {
    const id = url.searchParams.get('id') ?? '';
    const scheduleId = subscriptions.byId(id)?.scheduleId;
    if (!scheduleId) return errorPage(404, 'Unknown subscription', 'Start again from the shop.');
    try {
      await act(scheduleId);
    } catch (error) {
      return relayFailure(error);
    }
    return { status: 303, headers: { location: `/subscription?id=${encodeURIComponent(id)}` }, body: '' };
  };

  const relayFailure = (error: unknown): Promise<Reply> => {
    if (!(error instanceof RelayCallError)) throw error;
    deps.logger.warn({ err: error.message, resultCode: error.resultCode }, 'demo shop: relay call failed');
    return errorPage(502, 'The payment service is not available', error.message);
  };

  const getRoutes: Record<string, Handler> = {
    '/': () =>
      page(200, 'product.html', {
        productName: deps.product.name,
        description: deps.product.description,
        price: formatPrice(deps.product.amount, deps.product.currency),
      }),

    '/pay': (url) => {
      const checkoutId = url.searchParams.get('checkoutId') ?? '';
      if (!CHECKOUT_ID_PATTERN.test(checkoutId)) return errorPage(400, 'Unknown checkout', 'Start again from the shop.');
      const offer = url.searchParams.get('offer') ?? 'card';
      if (offer !== 'card' && offer !== 'boleto') return errorPage(400, 'Unknown payment method', 'Start again from the shop.');
      return widgetPage(checkoutId, PLAIN_LOOK, subscriptions.byCheckout(checkoutId) ? '/subscription/start' : '/result', offer);
    },

    // The subscription's first payment came back: with the card stored, the schedule charges it
    // monthly from now (the entity's time: the test clock). The order id is the idempotency key, so
    // a reload answers the same schedule. Anything but a stored card shows the result page.
    '/subscription/start': async (url, signal) => {
      const id = url.searchParams.get('id') ?? '';
      const subscription = subscriptions.byCheckout(id);
      const path = checkoutPaymentPath(id, url.searchParams.get('resourcePath') ?? '');
      if (!subscription || path === undefined) return errorPage(400, 'Unknown subscription', 'This result link is not valid.');
      try {
        const status = await deps.relay.paymentStatus(path);
        if (outcomeOf(status.result.code) !== 'success' || !status.registrationId) return getRoutes['/result']!(url, signal);
        const schedule = await deps.relay.createSchedule(
          {
            registrationId: status.registrationId,
            amount: deps.product.amount,
            currency: deps.product.currency,
            paymentType: DEMO_PAYMENT_TYPE,
            merchantTransactionId: subscription.id,
            ...monthlyJob(await deps.relay.testClock()),
          },
          `subscription-${subscription.id}`,
        );
        subscription.scheduleId = schedule.id;
      } catch (error) {
        return relayFailure(error);
      }
      return { status: 303, headers: { location: `/subscription?id=${encodeURIComponent(subscription.id)}` }, body: '' };
    },

    '/subscription': async (url) => {
      try {
        return await subscriptionPage(url.searchParams.get('id') ?? '');
      } catch (error) {
        return relayFailure(error);
      }
    },

    '/result': async (url) => {
      const id = url.searchParams.get('id') ?? '';
      const path = checkoutPaymentPath(id, url.searchParams.get('resourcePath') ?? '');
      if (path === undefined) return errorPage(400, 'Unknown payment', 'This result link is not valid.');
      let status = results.get(id);
      if (status === undefined) {
        try {
          status = await deps.relay.paymentStatus(path);
        } catch (error) {
          return relayFailure(error);
        }
        if (isFinalStatus(status)) results.set(id, status);
      }
      deps.logger.info({ checkoutId: id, resultCode: status.result.code }, 'demo shop: payment result shown');
      return page(200, 'result.html', { ...resultView(id, status), ...orderView(orders.byCheckout(id)) });
    },

    // The result page's script keeps its order line current from here (long poll): given the status
    // it shows (`seen`), the answer waits until a notification changes it, or ORDER_STATUS_WAIT_MS,
    // or the page goes away.
    '/order-status': async (url, signal) => {
      const order = orders.byCheckout(url.searchParams.get('id') ?? '');
      if (!order) return json(404, { error: 'no order of this shop' });
      if (url.searchParams.get('seen') === order.status && mayChange(order)) await orders.changed(order, ORDER_STATUS_WAIT_MS, signal);
      return json(200, orderStatusView(order));
    },

    '/gallery': async () => {
      const file = await readStaticFile(deps.publicDir, '/gallery.html');
      if (file === undefined) return errorPage(404, 'Not found', 'The gallery page is missing.');
      return { status: 200, headers: pageHeaders(cspFramingSelf), body: file.body };
    },

    '/gallery/widget': async (url) => {
      const param = (name: string, allowed: readonly string[], fallback: string) => {
        const value = url.searchParams.get(name) ?? fallback;
        return allowed.includes(value) ? value : null;
      };
      const look = {
        style: param('style', GALLERY_STYLES, ''),
        theme: param('theme', GALLERY_THEMES, ''),
        locale: param('locale', GALLERY_LOCALES, 'en'),
        state: param('state', GALLERY_STATES, ''),
      };
      for (const [name, value] of Object.entries(look)) {
        if (value === null) return errorPage(400, `Unknown ${name}`, url.searchParams.get(name) ?? '');
      }
      try {
        return await widgetPage(await prepare(), look as Look);
      } catch (error) {
        return relayFailure(error);
      }
    },

    '/healthz': async () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' }),
  };

  const postRoutes: Record<string, Handler> = {
    '/checkout': async () => {
      let checkoutId: string;
      try {
        checkoutId = await prepare();
      } catch (error) {
        return relayFailure(error);
      }
      deps.logger.info({ checkoutId }, 'demo shop: checkout prepared');
      // Post/redirect/get: a reload of the widget page does not prepare a second checkout.
      return { status: 303, headers: { location: `/pay?checkoutId=${encodeURIComponent(checkoutId)}` }, body: '' };
    },

    // Pay with boleto (Brazil): the same thermos in BRL, the widget's slip form.
    '/checkout/boleto': async () => {
      let checkoutId: string;
      try {
        checkoutId = await prepare(false, 'boleto');
      } catch (error) {
        return relayFailure(error);
      }
      deps.logger.info({ checkoutId }, 'demo shop: boleto checkout prepared');
      return { status: 303, headers: { location: `/pay?${new URLSearchParams({ checkoutId, offer: 'boleto' })}` }, body: '' };
    },

    '/subscribe': async () => {
      let checkoutId: string;
      try {
        checkoutId = await prepare(true);
      } catch (error) {
        return relayFailure(error);
      }
      deps.logger.info({ checkoutId }, 'demo shop: subscription checkout prepared');
      return { status: 303, headers: { location: `/pay?checkoutId=${encodeURIComponent(checkoutId)}` }, body: '' };
    },

    // Test environment: a month passes for the merchant's entity; the charges due run before the
    // relay answers, so the page shows them at once.
    '/subscription/clock': (url) => onSubscription(url, async () => deps.relay.moveTestClock(oneMonthLater(await deps.relay.testClock()))),

    '/subscription/cancel': (url) => onSubscription(url, (scheduleId) => deps.relay.cancelSchedule(scheduleId)),
  };

  const route = async (req: IncomingMessage, signal: AbortSignal): Promise<Reply> => {
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handler = method === 'GET' ? getRoutes[url.pathname] : method === 'POST' ? postRoutes[url.pathname] : undefined;
    if (handler) return handler(url, signal);
    if (getRoutes[url.pathname] || postRoutes[url.pathname]) {
      return { status: 405, headers: { 'content-type': 'text/plain' }, body: 'Method not allowed' };
    }
    const file = method === 'GET' ? await readStaticFile(deps.publicDir, url.pathname) : undefined;
    if (file === undefined) return errorPage(404, 'Not found', 'There is no such page in this shop.');
    const headers = file.contentType.startsWith('text/html')
      ? pageHeaders(cspFramingSelf)
      : { 'content-type': file.contentType, 'x-content-type-options': 'nosniff' };
    return { status: 200, headers, body: file.body };
  };

  const receive = deps.webhooks && notificationReceiver(deps.webhooks.secret, orders, deps.logger);

  return (req, res) => {
    // Every answer carries its request's id, by the relay's rule (a sane X-Request-Id, else made).
    const requestId = requestIdFor(req.headers['x-request-id']);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (receive && req.method === 'POST' && req.url === WEBHOOK_PATH) return receive(req, res);
    // The other routes read no request bodies; drain them so keep-alive connections stay usable.
    req.resume();
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    route(req, gone.signal)
      .catch((error: unknown) => {
        deps.logger.error({ reqId: requestId, err: (error as Error).message, url: req.url }, 'demo shop: request failed');
        return { status: 500, headers: { 'content-type': 'text/plain' }, body: 'Internal error' } satisfies Reply;
      })
      .then((reply) => {
        res.writeHead(reply.status, reply.headers);
        res.end(req.method === 'HEAD' ? undefined : reply.body);
      });
  };
}
