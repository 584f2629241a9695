// The simulator's page of an online transfer, PayPal or virtual account (redirect payments): the
// shopper approves or cancels; the payment ends once and the shopper is sent to the result URL
// bound to the payment, with resourcePath (as after 3-D Secure). In the widget flow the account
// form sends the whole tab here, so the page's form posts in the tab too.

import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { withRequestId } from '../flows/request-scope.js';
import { isPaymentId } from '../domain/ids.js';
import { escapeHtml, sendRelayPage } from '../http/relay-page.js';
import { originOf } from '../flows/result-url.js';
import { REDIRECT_ANSWERS, redirectStateOf, settleRedirect } from '../payments/redirect.js';
import { describeResult } from '../../../spec/result-codes.js';
import { brandOf } from '../../../spec/brands.js';

function isAnswer(text: string): text is keyof typeof REDIRECT_ANSWERS {
  return Object.hasOwn(REDIRECT_ANSWERS, text);
}

export function redirectRoutes(app: FastifyInstance, ctx: HttpContext): void {
  app.get<{ Params: { id: string } }>('/v1/redirect/:id', async (request, reply) => {
    const payment = isPaymentId(request.params.id) ? await ctx.store.payments.findById(request.params.id) : undefined;
    if (!payment || payment.pendingJson === null || (payment.status === 'pending' && payment.pendingKind !== 'redirect')) return sendRelayPage(reply, 404, 'Not found', '<h1>No payment found</h1>');
    if (payment.status !== 'pending') {
      return sendRelayPage(reply, 200, 'Payment finished', `<h1>Payment finished</h1><p>${escapeHtml(describeResult(payment.resultCode))}</p>`);
    }
    const state = redirectStateOf(payment);
    const amount = JSON.parse(payment.responseJson) as { amount?: string };
    const brand = payment.paymentBrand ?? '';
    // Redirect brands are never cards: their display name is in the brand table.
    const info = brandOf(brand);
    const brandName = info && info.kind !== 'card' ? info.name : brand;
    const buttons = Object.entries(REDIRECT_ANSWERS)
      .map(([value, a]) => `<button type="submit" name="answer" value="${escapeHtml(value)}">${escapeHtml(a.label)}</button>`)
      .join(' ');
    const body = `<h1>${escapeHtml(brandName)} test payment</h1>
<p>The shopper approves or cancels the payment here, as at the bank or the provider.</p>
<dl><dt>Amount</dt><dd>${escapeHtml(`${amount.amount ?? ''} ${payment.currency}`)}</dd><dt>Brand</dt><dd>${escapeHtml(brand)}</dd></dl>
<form method="post" action="/v1/redirect/${escapeHtml(payment.id)}">${buttons}</form>`;
    const resultOrigin = originOf(state.resultUrl);
    return sendRelayPage(reply, 200, 'Test payment', body, { formActions: resultOrigin ? [resultOrigin] : [] });
  });

  app.post<{ Params: { id: string } }>('/v1/redirect/:id', async (request, reply) => {
    const payment = isPaymentId(request.params.id) ? await ctx.store.payments.findById(request.params.id) : undefined;
    if (!payment || payment.pendingJson === null || (payment.status === 'pending' && payment.pendingKind !== 'redirect')) return sendRelayPage(reply, 404, 'Not found', '<h1>No payment found</h1>');
    const form = request.body instanceof Map ? (request.body as Map<string, string>) : new Map<string, string>();
    const answer = form.get('answer') ?? '';
    if (!isAnswer(answer)) return sendRelayPage(reply, 400, 'Invalid request', '<h1>Approve or cancel the payment</h1>');
    // Already ended (approved, cancelled or expired): nothing changes; the shopper still goes back.
    const settled = payment.status === 'pending' ? (await settleRedirect(withRequestId(ctx, request.id), payment, answer)).payment : payment;
    const state = redirectStateOf(payment);
    if (state.resultUrl) return reply.redirect(state.resultUrl, 303);
    return sendRelayPage(reply, 200, 'Payment finished', `<h1>Payment finished</h1><p>${escapeHtml(`${settled.resultCode} ${describeResult(settled.resultCode)}`)}</p>`);
  });
}
