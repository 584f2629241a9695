// The simulator's 3-D Secure test page: the shopper picks a returnCode and submits; the payment
// settles once and the shopper is sent to the result URL bound to the payment (A7). In the widget
// flow the page runs inside iframe.wpwl-target, so its form targets the whole tab.

import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { withRequestId } from '../flows/request-scope.js';
import { isPaymentId } from '../domain/ids.js';
import { escapeHtml, RELAY_PAGE_CSS_PATH, sendRelayCss, sendRelayPage } from '../http/relay-page.js';
import { colorsCss, colorsStylesheet, REDIRECT_PAGE_COLORS_PATH, redirectPageColors, stylesheetColors } from '../http/redirect-page-colors.js';
import { originOf } from '../flows/result-url.js';
import { settleChallenge, type PendingState } from '../payments/three-d-secure.js';
import { THREE_D_SECURE_RETURN_CODES } from '../simulator/three-d-secure.js';
import { describeResult } from '../../../spec/result-codes.js';

/** A window or frame name, or one of the browsing-context keywords. */
const RESULT_TARGET = /^(?:_top|_parent|_self|_blank|[A-Za-z0-9][A-Za-z0-9_-]{0,63})$/;

function pendingOf(json: string | null): PendingState {
  return JSON.parse(json ?? '{}') as PendingState;
}

export function threeDSecureRoutes(app: FastifyInstance, ctx: HttpContext): void {
  app.get(RELAY_PAGE_CSS_PATH, async (_request, reply) => sendRelayCss(reply));
  // The merchant page's customRedirectPageConfig colours, checked again here.
  app.get(REDIRECT_PAGE_COLORS_PATH, async (request, reply) =>
    reply.header('Content-Type', 'text/css; charset=utf-8').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'public, max-age=3600').send(colorsCss(stylesheetColors(request.query))),
  );

  app.get<{ Params: { id: string }; Querystring: { target?: unknown } }>('/v1/threeDSecure/:id', async (request, reply) => {
    const overrides = colorsStylesheet(redirectPageColors(request.query));
    const payment = isPaymentId(request.params.id) ? await ctx.store.payments.findById(request.params.id) : undefined;
    if (!payment || payment.pendingJson === null) return sendRelayPage(reply, 404, 'Not found', '<h1>No authentication found</h1>');
    if (payment.status !== 'pending') {
      return sendRelayPage(reply, 200, 'Authentication finished', `<h1>Authentication finished</h1><p>${escapeHtml(describeResult(payment.resultCode))}</p>`);
    }
    const pending = pendingOf(payment.pendingJson);
    // The widget names the window the result goes to (shopperResultTarget: a shop plugin paying
    // inside an iframe sends it to _top or a window of its own); by default the whole tab.
    const wanted = request.query.target;
    const name = typeof wanted === 'string' && RESULT_TARGET.test(wanted) ? wanted : pending.checkoutId ? '_top' : null;
    const target = name ? ` target="${escapeHtml(name)}"` : '';
    const options = THREE_D_SECURE_RETURN_CODES.map((r) => `<option value="${escapeHtml(r.code)}">${escapeHtml(`${r.code} ${describeResult(r.code)}`)}</option>`).join('');
    const amount = JSON.parse(payment.responseJson) as { amount?: string };
    const body = `<h1>3-D Secure test authentication</h1>
<dl><dt>Amount</dt><dd>${escapeHtml(`${amount.amount ?? ''} ${payment.currency}`)}</dd><dt>Brand</dt><dd>${escapeHtml(payment.paymentBrand ?? '')}</dd></dl>
<form method="post" action="/v1/threeDSecure/${escapeHtml(payment.id)}"${target}>
<label for="returnCode">Authentication result</label><select id="returnCode" name="returnCode">${options}</select>
<button type="submit">Submit</button></form>`;
    const resultOrigin = originOf(pending.resultUrl);
    return sendRelayPage(reply, 200, '3-D Secure', body, { formActions: resultOrigin ? [resultOrigin] : [], ...(overrides ? { overrides } : {}) });
  });

  app.post<{ Params: { id: string } }>('/v1/threeDSecure/:id', async (request, reply) => {
    const payment = isPaymentId(request.params.id) ? await ctx.store.payments.findById(request.params.id) : undefined;
    if (!payment || payment.pendingJson === null) return sendRelayPage(reply, 404, 'Not found', '<h1>No authentication found</h1>');
    const form = request.body instanceof Map ? (request.body as Map<string, string>) : new Map<string, string>();
    const returnCode = form.get('returnCode') ?? '';
    if (!THREE_D_SECURE_RETURN_CODES.some((r) => r.code === returnCode)) {
      return sendRelayPage(reply, 400, 'Invalid request', '<h1>Choose an authentication result</h1>');
    }
    const settled = await settleChallenge(withRequestId(ctx, request.id), payment, returnCode);
    const pending = pendingOf(payment.pendingJson);
    if (pending.resultUrl) return reply.redirect(pending.resultUrl, 303);
    return sendRelayPage(reply, 200, 'Authentication finished', `<h1>Authentication finished</h1><p>${escapeHtml(`${settled.payment.resultCode} ${describeResult(settled.payment.resultCode)}`)}</p>`);
  });
}
