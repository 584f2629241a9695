// The merchant's webhook secret (webhooks.manage): the key of the notifications sent to a payment's
// notificationUrl. A rotation answers the new secret once and the time the relay switches to it, the
// overlap the person chose; until then the relay seals with the old one (webhooks/merchant-secret.ts,
// docs/back-office-notifications.md). The audit row tells the switch time, never a secret. Only
// people who see every channel may, since the secret serves them all.

import type { FastifyRequest } from 'fastify';
import { EndpointInputError } from '../../webhooks/service.js';
import { MAX_OVERLAP_HOURS, MIN_OVERLAP_HOURS } from '../../webhooks/merchant-secret.js';
import { BodyReader } from '../body.js';
import { BackofficeError, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { sessionOf } from '../visible.js';
import { auditOf } from '../webhook-views.js';

/**
 * The merchant's secret serves every channel: a person limited to some channels neither sees nor
 * rotates it (404, as anything beyond their channels).
 */
function merchantWide(request: FastifyRequest): BackofficeSession {
  const session = sessionOf(request);
  if (session.channelIds !== null) throw new BackofficeError('notFound', "the merchant's webhook secret serves every channel");
  return session;
}

export const webhookSecretRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/webhooks/secret-rotation', { config: { access: 'webhooks.manage' } }, async (request) => ({
    pending: await ctx.webhooks.pendingRotation(merchantWide(request).merchantId),
    overlapHours: { min: MIN_OVERLAP_HOURS, max: MAX_OVERLAP_HOURS },
  }));

  app.post('/webhooks/secret-rotation', { config: { access: 'webhooks.manage' } }, async (request) => {
    const session = merchantWide(request);
    const body = new BodyReader(request.body);
    const overlapHours = body.raw('overlapHours');
    if (typeof overlapHours !== 'number' || !Number.isInteger(overlapHours) || overlapHours < MIN_OVERLAP_HOURS || overlapHours > MAX_OVERLAP_HOURS) {
      body.problem('overlapHours', `overlapHours must be a whole number of hours from ${MIN_OVERLAP_HOURS} to ${MAX_OVERLAP_HOURS}`);
    }
    body.done('the rotation is not valid');
    try {
      // The secret is in this answer only.
      return await ctx.webhooks.rotateMerchantSecret(session.merchantId, overlapHours as number, auditOf(session, request, ctx));
    } catch (error) {
      if (error instanceof EndpointInputError) body.problem(error.parameter, error.message);
      body.done('the rotation is not valid');
      throw error;
    }
  });
};
