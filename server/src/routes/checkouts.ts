// /v1/checkouts: prepare (merchant server), status read (merchant server), and the two public
// routes the widget uses: its configuration (any origin, no credentials) and the card-number
// frame's submit (relay origin only).

import { statusOf } from '../flows/outcome-status.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutParams, prepareCheckout } from '../checkouts/prepare.js';
import { updateCheckout } from '../checkouts/update.js';
import { payCheckout } from '../checkouts/pay.js';
import { readCheckoutStatus } from '../checkouts/status.js';
import { completeSavedCheckout } from '../checkouts/complete.js';
import { saveTransactionData } from '../checkouts/save.js';
import { accountOriginAllowed, payWithAccount } from '../checkouts/account-pay.js';
import { readRegistrationStatus, registerCheckout } from '../checkouts/register.js';
import { carriedSlipFields } from '../vouchers/carried-fields.js';
import { offeredCards, storedCardView } from '../checkouts/stored-cards.js';
import { authenticate, entityOf } from '../http/auth.js';
import type { HttpContext } from '../http/context.js';
import { withRequestId } from '../flows/request-scope.js';
import { isCheckoutId } from '../domain/ids.js';
import { formatAmount } from '../domain/money.js';
import { errorBody } from '../http/idempotency.js';
import { ApiError } from '../domain/errors.js';
import { registerApiRoute } from '../http/api-route.js';
import { envelope } from '../flows/envelope.js';
import { operationValidator, type Validator } from '../params/validate.js';

export interface CheckoutRouteOptions {
  /** sha384 of the exact loader bytes, for integrity=true. */
  loaderIntegrity: () => string;
}

function sendPublic(ctx: HttpContext, reply: FastifyReply, status: number, body: object): FastifyReply {
  return reply.status(status).send(envelope({ buildNumber: ctx.config.buildNumber, clock: ctx.clock }, body));
}

/**
 * The frame posts from the relay's own origin; a browser request from any other origin is refused.
 * The relay's origin is its public one (PUBLIC_URL): behind a TLS-terminating proxy the browser's
 * `https://` origin never equals what the relay's own socket shows (`http://` and an inner host).
 * The origin the request itself shows (X-Forwarded-Proto/-Host only from a TRUST_PROXY proxy) is
 * accepted too, for a relay reached directly under another name than its public one: a cross-site
 * page cannot make the browser send a Host or Origin of the relay's.
 */
function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') throw new ApiError('invalidToken');
  if (typeof origin === 'string' && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) throw new ApiError('invalidToken');
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export function checkoutRoutes(options: CheckoutRouteOptions) {
  return (app: FastifyInstance, ctx: HttpContext): void => {
    const publicOrigin = originOf(ctx.config.publicUrl);
    // The shopper's submits and the merchant's completion validate against validators built once here.
    const validatePayment = operationValidator('checkoutPayment');
    const validateComplete = operationValidator('checkoutComplete');
    const validateUpdate = operationValidator('checkout');
    registerApiRoute(app, ctx, {
      method: 'POST',
      url: '/v1/checkouts',
      operation: 'checkout',
      throttle: 'checkouts',
      run: ({ ctx: c, entity, params, claim }) => prepareCheckout(c, entity, params, options.loaderIntegrity, claim),
    });
    registerApiRoute(app, ctx, {
      method: 'POST',
      url: '/v1/checkouts/:id',
      operation: 'checkoutUpdate',
      throttle: 'checkouts',
      run: ({ ctx: c, entity, params, path }) => updateCheckout(c, entity, path.id ?? '', params, validateUpdate),
    });
    registerApiRoute(app, ctx, {
      method: 'GET',
      url: '/v1/checkouts/:id/payment',
      operation: 'read',
      throttle: 'reads',
      run: ({ ctx: c, entity, path }) => readCheckoutStatus(c, entity, path.id ?? ''),
    });

    registerApiRoute(app, ctx, {
      method: 'GET',
      url: '/v1/checkouts/:id/registration',
      operation: 'read',
      throttle: 'reads',
      run: ({ ctx: c, entity, path }) => readRegistrationStatus(c, entity, path.id ?? ''),
    });
    // The registration widget's submit (checkoutId=ID/registration): stores the card, pays nothing.
    app.post<{ Params: { id: string } }>('/v1/checkouts/:id/registration', async (request, reply) => {
      assertSameOrigin(request, publicOrigin);
      if (!isCheckoutId(request.params.id)) throw new ApiError('noSession');
      const submitted = request.body instanceof Map ? (request.body as Map<string, string>) : new Map<string, string>();
      const perClient = ctx.throttle.take(`client:${request.ip}`, 'registrations', ctx.config.throttle.registrations, request.log);
      if (perClient) await perClient;
      const checked = validatePayment(submitted);
      if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
      const outcome = await registerCheckout(withRequestId(ctx, request.id), request.params.id, checked.params);
      return sendPublic(ctx, reply, statusOf(outcome.kind), outcome.body);
    });

    // What the main script needs to draw the form; nothing secret, so any origin may read it.
    app.get<{ Params: { id: string } }>('/v1/checkouts/:id/widget', async (request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
      const checkout = isCheckoutId(request.params.id) ? await ctx.store.checkouts.find(request.params.id) : undefined;
      if (!checkout || ctx.clock.now() >= checkout.expiresAt || checkout.successPaymentId !== null) {
        return sendPublic(ctx, reply, 404, errorBody(new ApiError('noSession')));
      }
      const registrations = (await offeredCards(ctx, checkout)).map(storedCardView);
      // The slip form's fields the checkout already carries (names only): not asked again.
      const carries = carriedSlipFields(checkoutParams(checkout.paramsJson));
      // Every card form downloads this, so it carries only what the main script reads: what is
      // empty or false is left out (an absent member reads as its empty value), and so is the API's
      // envelope (buildNumber, timestamp, ndc), which the widget never reads from it. Its errors
      // keep the API's shape.
      return reply.status(200).send({
        id: checkout.id,
        amount: formatAmount(checkout.amount),
        currency: checkout.currency,
        paymentType: checkout.paymentType,
        ...(registrations.length > 0 ? { registrations } : {}),
        ...(checkout.declineCount >= ctx.config.checkoutMaxDeclines ? { locked: true } : {}),
        ...(carries.length > 0 ? { carries } : {}),
        ...(checkout.shopperResultUrl ? { shopperResultUrl: checkout.shopperResultUrl } : {}),
      });
    });

    app.post<{ Params: { id: string } }>('/v1/checkouts/:id/payment', async (request, reply) => {
      // With the merchant's token: its server pays the data the shopper saved (summary page).
      if (request.headers.authorization !== undefined) return completeRoute(ctx, validateComplete, request, reply);
      assertSameOrigin(request, publicOrigin);
      if (!isCheckoutId(request.params.id)) throw new ApiError('noSession');
      const submitted = request.body instanceof Map ? (request.body as Map<string, string>) : new Map<string, string>();
      const perCheckout = ctx.throttle.take(request.params.id, 'payments', ctx.config.checkoutMaxDeclines * 4, request.log);
      if (perCheckout) await perCheckout;
      const perClient = ctx.throttle.take(`client:${request.ip}`, 'payments', ctx.config.throttle.payments, request.log);
      if (perClient) await perClient;
      const checked = validatePayment(submitted);
      if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
      const outcome = await payCheckout(withRequestId(ctx, request.id), request.params.id, checked.params, request.log);
      return sendPublic(ctx, reply, statusOf(outcome.kind), outcome.body);
    });

    // The bank-account and virtual-account forms, posted from the merchant page (no card data).
    app.post<{ Params: { id: string } }>('/v1/checkouts/:id/account', async (request, reply) => {
      const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
      if (!isCheckoutId(request.params.id)) throw new ApiError('noSession');
      if (!(await accountOriginAllowed(ctx, request.params.id, origin))) throw new ApiError('invalidToken');
      // Each answer, errors included, is readable by the page that posted.
      reply.header('Access-Control-Allow-Origin', origin ?? '*');
      reply.header('Vary', 'Origin');
      const submitted = request.body instanceof Map ? (request.body as Map<string, string>) : new Map<string, string>();
      const perCheckout = ctx.throttle.take(request.params.id, 'payments', ctx.config.checkoutMaxDeclines * 4, request.log);
      if (perCheckout) await perCheckout;
      const perClient = ctx.throttle.take(`client:${request.ip}`, 'payments', ctx.config.throttle.payments, request.log);
      if (perClient) await perClient;
      const checked = validatePayment(submitted);
      if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
      const outcome = await payWithAccount(withRequestId(ctx, request.id), request.params.id, checked.params, request.log);
      return sendPublic(ctx, reply, statusOf(outcome.kind), outcome.body);
    });

    // useSummaryPage: the card-number frame's submit that saves the shopper's data without paying.
    app.post<{ Params: { id: string } }>('/v1/checkouts/:id/transactionData', async (request, reply) => {
      assertSameOrigin(request, publicOrigin);
      if (!isCheckoutId(request.params.id)) throw new ApiError('noSession');
      const submitted = request.body instanceof Map ? (request.body as Map<string, string>) : new Map<string, string>();
      const perClient = ctx.throttle.take(`client:${request.ip}`, 'payments', ctx.config.throttle.payments, request.log);
      if (perClient) await perClient;
      const checked = validatePayment(submitted);
      if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
      const outcome = await saveTransactionData(withRequestId(ctx, request.id), request.params.id, checked.params);
      return sendPublic(ctx, reply, statusOf(outcome.kind), outcome.body);
    });
  };
}

/** The merchant's server completes a summary-page checkout: the API pipeline of every merchant route. */
async function completeRoute(ctx: HttpContext, validateComplete: Validator, request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<FastifyReply> {
  const merchant = await authenticate(ctx.lookups, request);
  const raw = request.body instanceof Map ? (request.body as Map<string, string>) : new Map<string, string>();
  const entity = await entityOf(ctx.lookups, merchant, raw.get('entityId'));
  const counted = ctx.throttle.take(entity.id, 'payments', entity.settings.throttle?.payments ?? ctx.config.throttle.payments, request.log);
  if (counted) await counted;
  const checked = validateComplete(raw, { strict: entity.settings.strictParameters === true });
  if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
  if (!isCheckoutId(request.params.id)) throw new ApiError('noSession');
  const outcome = await completeSavedCheckout(withRequestId(ctx, request.id), entity, request.params.id, request.log);
  return sendPublic(ctx, reply, statusOf(outcome.kind), outcome.body);
}
