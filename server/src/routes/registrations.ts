// /v1/registrations: stored cards, paying with them, reading and deleting them.
import { writeRegistration } from '../storage/writes/index.js';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { detectBrands } from '../domain/card.js';
import { ApiError } from '../domain/errors.js';
import { registerApiRoute } from '../http/api-route.js';
import { claimAnswerOf, storedOutcome } from '../flows/outcome.js';
import { accountOf } from '../payments/account.js';
import { createPayment } from '../payments/create-payment.js';
import { cardOfRegistration, newRegistration } from '../payments/registrations.js';
import { deleteRegistration } from '../payments/registration-deletion.js';
import { migrationOf } from '../payments/recurring-migration.js';
import { resultView } from '../flows/response.js';
import { authorize } from '../simulator/authorize.js';
import { registrationEvent } from '../webhooks/events.js';
import { APPROVAL_CODES, modeOf } from '../simulator/rules.js';

export function registrationRoutes(app: FastifyInstance, ctx: HttpContext): void {
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/registrations',
    operation: 'registration',
    throttle: 'registrations',
    run: async ({ ctx: c, entity, params, claim }) => {
      const account = accountOf(params);
      if (account.kind !== 'card') {
        throw new ApiError('invalidParameters', [{ name: 'card.number', value: '', message: 'is required' }]);
      }
      const brand = params.get('paymentBrand') ?? detectBrands(account.card.number)[0];
      if (!brand) throw new ApiError('invalidParameters', [{ name: 'paymentBrand', value: '', message: 'is required when the brand cannot be detected' }]);
      const now = c.clock.now();
      const migration = migrationOf(params, now);
      const d = new Date(now);
      // A stand-alone registration verifies the card with the simulator; no money moves.
      const mode = modeOf(c.config.environment, params.get('testMode'));
      const check = authorize({
        paymentType: 'PA',
        paymentBrand: brand,
        amount: 0,
        currency: 'EUR',
        testMode: mode,
        card: account.card,
        externalThreeDSecure: true,
        merchantInitiated: true,
        account: 'card',
        today: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 },
      });
      if (check.kind === 'declined') return { kind: 'refused', body: { paymentBrand: brand, result: resultView(check.resultCode) } };
      const resultCode = check.kind === 'approved' ? check.resultCode : APPROVAL_CODES[mode];
      // A migrated series had its INITIAL payment elsewhere: this registration continues it.
      const initialDone = params.get('recurringType') === 'INITIAL' || migration !== null;
      const record = newRegistration(c, entity.id, brand, account.card, now, initialDone, resultCode, migration);
      await writeRegistration(c.store, record, { ...(claim ? { answer: claimAnswerOf(claim, 'ok', record.responseJson) } : {}), events: [registrationEvent(c, 'registrationStored', record, record.responseJson)] });
      return { ...storedOutcome('ok', record.responseJson), answered: claim !== undefined };
    },
  });
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/registrations/:id/payments',
    operation: 'registrationPayment',
    throttle: 'payments',
    run: async ({ ctx: c, entity, params, path, claim }) => {
      const record = await c.store.registrations.find(entity.id, path.id ?? '');
      if (!record || record.deletedAt !== null) throw new ApiError('notFound');
      const card = cardOfRegistration(c, record);
      // overrideHolder: the request's card.holder stands in for an empty stored holder, for this
      // payment only; a stored holder is never replaced.
      const holder = params.get('card.holder');
      if (params.get('overrideHolder') === 'true' && card.holder === undefined && holder !== undefined) card.holder = holder;
      return createPayment(c, entity, params, { registration: { record, card }, ...(claim ? { claim } : {}) });
    },
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/registrations/:id',
    operation: 'read',
    throttle: 'reads',
    run: async ({ ctx: c, entity, path }) => {
      const record = await c.store.registrations.find(entity.id, path.id ?? '');
      if (!record || record.deletedAt !== null) throw new ApiError('notFound');
      return storedOutcome('ok', record.responseJson);
    },
  });
  registerApiRoute(app, ctx, {
    method: 'DELETE',
    url: '/v1/registrations/:id',
    operation: 'remove',
    throttle: 'registrations',
    run: async ({ ctx: c, entity, path }) => {
      const id = path.id ?? '';
      const registration = await c.store.registrations.find(entity.id, id);
      if (!registration || registration.deletedAt !== null) throw new ApiError('notFound');
      if (!(await deleteRegistration(c, registration, c.clock.now()))) throw new ApiError('notFound');
      return { kind: 'ok', body: { id, result: resultView('000.000.000') } };
    },
  });
}
