// Voucher slips: the slip page (redirect.url of a slip's PA, no token: the id is unguessable like a
// 3-D Secure page's), its stylesheet and copy script, and the test-only operations that pay or
// expire a slip at once, refused in the live environment.

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { ApiError, type ErrorName } from '../domain/errors.js';
import { isPaymentId } from '../domain/ids.js';
import type { PaymentRecord } from '../domain/records.js';
import { registerApiRoute } from '../http/api-route.js';
import { sendRelayPage } from '../http/relay-page.js';
import { readEntityTime } from '../flows/entity-time.js';
import { confirmSlip, expireSlip, type SlipRefusal } from '../vouchers/settle-slip.js';
import { SLIP_CSS, SLIP_CSS_PATH, SLIP_SCRIPT, SLIP_SCRIPT_PATH, slipPage } from '../http/slip-page.js';

/** A slip's refusal as the merchant API answers it (the back office's test tools answer its code too). */
export const REFUSALS: Readonly<Record<SlipRefusal, ErrorName>> = { 'not-a-slip': 'voucherNotSlip', paid: 'voucherPaid', expired: 'voucherExpired' };

function sendSlipPage(reply: FastifyReply, status: number, title: string, bodyHtml: string): FastifyReply {
  return sendRelayPage(reply, status, title, bodyHtml, { formActions: 'none', stylesheet: SLIP_CSS_PATH, script: SLIP_SCRIPT_PATH });
}

async function slipOf(ctx: HttpContext, entityId: string, id: string): Promise<PaymentRecord> {
  const payment = await ctx.store.payments.find(entityId, id);
  if (!payment) throw new ApiError('voucherUnknown');
  return payment;
}

export function voucherRoutes(app: FastifyInstance, ctx: HttpContext): void {
  app.get(SLIP_CSS_PATH, async (_request, reply) =>
    reply.header('Content-Type', 'text/css; charset=utf-8').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'public, max-age=3600').send(SLIP_CSS),
  );
  app.get(SLIP_SCRIPT_PATH, async (_request, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'public, max-age=3600').send(SLIP_SCRIPT),
  );

  app.get<{ Params: { id: string } }>('/v1/vouchers/:id', async (request, reply) => {
    const payment = isPaymentId(request.params.id) ? await ctx.store.payments.findById(request.params.id) : undefined;
    const page = payment && slipPage(payment);
    if (!page) return sendSlipPage(reply, 404, 'Not found', '<h1>No slip found</h1>');
    return sendSlipPage(reply, 200, page.title, page.html);
  });

  for (const action of ['pay', 'expire'] as const) {
    registerApiRoute(app, ctx, {
      method: 'POST',
      url: `/v1/test/vouchers/:id/${action}`,
      operation: 'voucherTest',
      throttle: 'payments',
      run: async ({ ctx: c, entity, path }) => {
        if (c.config.environment === 'live') throw new ApiError('voucherTestLive');
        const slip = await slipOf(c, entity.id, path.id ?? '');
        const at = await readEntityTime(c, entity.id);
        const end = action === 'pay' ? await confirmSlip(c, slip, at) : await expireSlip(c, slip, at);
        if (end.kind === 'refused') throw new ApiError(REFUSALS[end.reason]);
        const json = end.kind === 'confirmed' ? end.confirmation.responseJson : end.slip.responseJson;
        return { kind: 'ok', body: JSON.parse(json) as Record<string, unknown>, json };
      },
    });
  }
}
