// The role matrix, generated from the role table (domain/roles.ts): every role against every
// action, each action through one representative back office endpoint, must be allowed (an answer
// other than 401, 403 and 404, never a 500: a lifecycle's refusal, 422, is allowed) or refused with
// 403, exactly as ROLE_TABLE says; and every endpoint that names an object answers 404 for another
// merchant's object, to a person who may do its action. An action without a row in ENDPOINTS fails
// (and does not type-check); an endpoint the app does not serve fails unless its action is listed
// in PENDING (built on another branch, its rows not generated until then), and a PENDING action
// whose endpoint has arrived fails too, so the list never outlives its reason and every action ends
// up in the matrix.

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, may, ROLES, type Action } from '../../src/domain/roles.js';
import type { BackofficeClient, BackofficeHarness } from './harness.js';
import { settleDay } from '../../src/settlement/run.js';
import { scheduleCharges, startPaymentsBackoffice, storeCard, type PaymentsBackoffice, type ShopOfBackoffice } from './payments-fixture.js';

/** Objects the requests name: the signed-in person's merchant's ("own") and the other merchant's. */
interface Objects {
  ownPayment: string;
  otherPayment: string;
  otherToken: string;
  otherUser: string;
  ownViewer: string;
  ownChannel: string;
  otherChannel: string;
  ownRegistration: string;
  otherRegistration: string;
  ownSchedule: string;
  otherSchedule: string;
  /** A settled day of the other merchant's channel. */
  otherAggregation: string;
  otherEndpoint: string;
  otherEvent: string;
}

interface Request {
  url: string;
  body?: unknown;
}

interface Endpoint {
  method: NonNullable<InjectOptions['method']>;
  /** The route as the app registers it (with the /api prefix and its :parameters). */
  route: string;
  /** A request a person allowed the action can make for their own merchant. */
  own(o: Objects, n: number): Request;
  /** The same request naming another merchant's object; for endpoints that name one. */
  foreign?(o: Objects): Request;
}

/** The merchant's support refund limit, set before the matrix runs and kept by its settings request. */
const SUPPORT_REFUND_LIMIT = { amount: '50.00', currency: 'EUR' };

let serial = 0;
const idempotencyKey = () => `matrix-${++serial}`;

/** One representative endpoint per action. */
const ENDPOINTS: Readonly<Record<Action, Endpoint>> = {
  'payments.read': { method: 'GET', route: '/api/payments/:id', own: (o) => ({ url: `/api/payments/${o.ownPayment}` }), foreign: (o) => ({ url: `/api/payments/${o.otherPayment}` }) },
  'payments.capture': {
    method: 'POST',
    route: '/api/payments/:id/capture',
    own: (o) => ({ url: `/api/payments/${o.ownPayment}/capture`, body: { amount: '1.00', currency: 'EUR', idempotencyKey: idempotencyKey() } }),
    foreign: (o) => ({ url: `/api/payments/${o.otherPayment}/capture`, body: { amount: '1.00', currency: 'EUR', idempotencyKey: idempotencyKey() } }),
  },
  'payments.refund': {
    method: 'POST',
    route: '/api/payments/:id/refund',
    own: (o) => ({ url: `/api/payments/${o.ownPayment}/refund`, body: { amount: '1.00', currency: 'EUR', idempotencyKey: idempotencyKey() } }),
    foreign: (o) => ({ url: `/api/payments/${o.otherPayment}/refund`, body: { amount: '1.00', currency: 'EUR', idempotencyKey: idempotencyKey() } }),
  },
  'payments.reverse': {
    method: 'POST',
    route: '/api/payments/:id/reverse',
    own: (o) => ({ url: `/api/payments/${o.ownPayment}/reverse`, body: { idempotencyKey: idempotencyKey() } }),
    foreign: (o) => ({ url: `/api/payments/${o.otherPayment}/reverse`, body: { idempotencyKey: idempotencyKey() } }),
  },
  'notifications.resend': {
    method: 'POST',
    route: '/api/payments/:id/notifications/resend',
    own: (o) => ({ url: `/api/payments/${o.ownPayment}/notifications/resend` }),
    foreign: (o) => ({ url: `/api/payments/${o.otherPayment}/notifications/resend` }),
  },
  'settlement.read': { method: 'GET', route: '/api/settlement', own: () => ({ url: '/api/settlement' }) },
  'credentials.manage': {
    method: 'GET',
    route: '/api/credentials',
    own: () => ({ url: '/api/credentials' }),
  },
  'webhooks.manage': { method: 'GET', route: '/api/webhooks', own: () => ({ url: '/api/webhooks' }) },
  'users.manage': {
    method: 'PATCH',
    route: '/api/users/:id',
    own: (o) => ({ url: `/api/users/${o.ownViewer}`, body: { role: 'viewer' } }),
    foreign: (o) => ({ url: `/api/users/${o.otherUser}`, body: { role: 'viewer' } }),
  },
  'users.manageOwners': { method: 'POST', route: '/api/users', own: (_o, n) => ({ url: '/api/users', body: { email: `owner-${n}@shop.example`, role: 'owner' } }) },
  'settings.manage': { method: 'PUT', route: '/api/settings', own: () => ({ url: '/api/settings', body: { supportRefundLimit: SUPPORT_REFUND_LIMIT, requireTwoFactor: false } }) },
  'audit.read': { method: 'GET', route: '/api/audit', own: () => ({ url: '/api/audit' }) },
  'audit.export': { method: 'GET', route: '/api/audit/export.csv', own: () => ({ url: '/api/audit/export.csv' }) },
  'storedCards.read': { method: 'GET', route: '/api/registrations', own: () => ({ url: '/api/registrations' }) },
  // The first allowed role deletes the card; the next ones are told it is gone already (409).
  'storedCards.delete': {
    method: 'DELETE',
    route: '/api/registrations/:id',
    own: (o) => ({ url: `/api/registrations/${o.ownRegistration}` }),
    foreign: (o) => ({ url: `/api/registrations/${o.otherRegistration}` }),
  },
  'schedules.read': { method: 'GET', route: '/api/schedules', own: () => ({ url: '/api/schedules' }) },
  // The first allowed role cancels it; the next ones are told it is cancelled already (409).
  'schedules.cancel': {
    method: 'POST',
    route: '/api/schedules/:id/cancel',
    own: (o) => ({ url: `/api/schedules/${o.ownSchedule}/cancel` }),
    foreign: (o) => ({ url: `/api/schedules/${o.otherSchedule}/cancel` }),
  },
  'chargebacks.read': { method: 'GET', route: '/api/chargebacks', own: () => ({ url: '/api/chargebacks' }) },
  'channels.manage': {
    method: 'PUT',
    route: '/api/channels/:id/settings',
    own: (o) => ({ url: `/api/channels/${o.ownChannel}/settings`, body: { strictParameters: false } }),
    foreign: (o) => ({ url: `/api/channels/${o.otherChannel}/settings`, body: { strictParameters: false } }),
  },
  'testTools.use': { method: 'GET', route: '/api/test/clock', own: () => ({ url: '/api/test/clock' }) },
};

/** Endpoints of actions built on other branches of issue 31, not served here yet. */
const PENDING: readonly Action[] = [];

/** The actions the matrix calls: every one but the pending. */
const COVERED = ACTIONS.filter((a) => !PENDING.includes(a));

/** Further endpoints that name an object, beyond each action's representative. */
const MORE_OBJECT_ENDPOINTS: readonly (Endpoint & { action: Action })[] = [
  { action: 'credentials.manage', method: 'DELETE', route: '/api/credentials/tokens/:id', own: () => ({ url: '/api/credentials/tokens/x' }), foreign: (o) => ({ url: `/api/credentials/tokens/${o.otherToken}` }) },
  { action: 'channels.manage', method: 'GET', route: '/api/channels/:id/settings', own: (o) => ({ url: `/api/channels/${o.ownChannel}/settings` }), foreign: (o) => ({ url: `/api/channels/${o.otherChannel}/settings` }) },
  { action: 'payments.read', method: 'GET', route: '/api/home', own: () => ({ url: '/api/home' }), foreign: (o) => ({ url: `/api/home?channel=${o.otherChannel}` }) },
  { action: 'users.manage', method: 'POST', route: '/api/users/:id/reset-two-factor', own: () => ({ url: '/api/users/x/reset-two-factor' }), foreign: (o) => ({ url: `/api/users/${o.otherUser}/reset-two-factor` }) },
  { action: 'testTools.use', method: 'POST', route: '/api/test/vouchers/:id/pay', own: () => ({ url: '/api/test/vouchers/x/pay' }), foreign: (o) => ({ url: `/api/test/vouchers/${o.otherPayment}/pay` }) },
  { action: 'testTools.use', method: 'POST', route: '/api/test/vouchers/:id/expire', own: () => ({ url: '/api/test/vouchers/x/expire' }), foreign: (o) => ({ url: `/api/test/vouchers/${o.otherPayment}/expire` }) },
  { action: 'testTools.use', method: 'POST', route: '/api/test/payments/:id/approve', own: () => ({ url: '/api/test/payments/x/approve' }), foreign: (o) => ({ url: `/api/test/payments/${o.otherPayment}/approve` }) },
  { action: 'testTools.use', method: 'POST', route: '/api/test/payments/:id/cancel', own: () => ({ url: '/api/test/payments/x/cancel' }), foreign: (o) => ({ url: `/api/test/payments/${o.otherPayment}/cancel` }) },
  {
    action: 'testTools.use',
    method: 'POST',
    route: '/api/test/payments/:id/chargeback',
    own: () => ({ url: '/api/test/payments/x/chargeback' }),
    foreign: (o) => ({ url: `/api/test/payments/${o.otherPayment}/chargeback`, body: { amount: '1.00', currency: 'EUR', reasonCode: '000.100.220', idempotencyKey: idempotencyKey() } }),
  },
  {
    action: 'testTools.use',
    method: 'POST',
    route: '/api/test/payments/:id/chargeback-reversal',
    own: () => ({ url: '/api/test/payments/x/chargeback-reversal' }),
    foreign: (o) => ({ url: `/api/test/payments/${o.otherPayment}/chargeback-reversal`, body: { chargebackId: o.otherPayment, idempotencyKey: idempotencyKey() } }),
  },
  { action: 'schedules.read', method: 'GET', route: '/api/schedules/:id', own: (o) => ({ url: `/api/schedules/${o.ownSchedule}` }), foreign: (o) => ({ url: `/api/schedules/${o.otherSchedule}` }) },
  { action: 'settlement.read', method: 'GET', route: '/api/settlement/:id', own: () => ({ url: '/api/settlement/x' }), foreign: (o) => ({ url: `/api/settlement/${o.otherAggregation}` }) },
  { action: 'settlement.read', method: 'GET', route: '/api/settlement/file.csv', own: () => ({ url: '/api/settlement/file.csv' }), foreign: (o) => ({ url: `/api/settlement/file.csv?channel=${o.otherChannel}` }) },
  { action: 'settlement.read', method: 'GET', route: '/api/settlement/fees', own: () => ({ url: '/api/settlement/fees' }), foreign: (o) => ({ url: `/api/settlement/fees?channel=${o.otherChannel}` }) },
  { action: 'settlement.read', method: 'GET', route: '/api/settlement/quotes', own: () => ({ url: '/api/settlement/quotes' }), foreign: (o) => ({ url: `/api/settlement/quotes?channel=${o.otherChannel}` }) },
  { action: 'chargebacks.read', method: 'GET', route: '/api/chargebacks', own: () => ({ url: '/api/chargebacks' }), foreign: (o) => ({ url: `/api/chargebacks?channel=${o.otherChannel}` }) },
  { action: 'webhooks.manage', method: 'GET', route: '/api/webhooks/:id', own: () => ({ url: '/api/webhooks/x' }), foreign: (o) => ({ url: `/api/webhooks/${o.otherEndpoint}` }) },
  { action: 'webhooks.manage', method: 'PATCH', route: '/api/webhooks/:id', own: () => ({ url: '/api/webhooks/x' }), foreign: (o) => ({ url: `/api/webhooks/${o.otherEndpoint}`, body: { eventTypes: ['PAYMENT'] } }) },
  { action: 'webhooks.manage', method: 'DELETE', route: '/api/webhooks/:id', own: () => ({ url: '/api/webhooks/x' }), foreign: (o) => ({ url: `/api/webhooks/${o.otherEndpoint}` }) },
  { action: 'webhooks.manage', method: 'POST', route: '/api/webhooks/:id/test', own: () => ({ url: '/api/webhooks/x/test' }), foreign: (o) => ({ url: `/api/webhooks/${o.otherEndpoint}/test` }) },
  { action: 'webhooks.manage', method: 'GET', route: '/api/webhooks/:id/deliveries', own: () => ({ url: '/api/webhooks/x/deliveries' }), foreign: (o) => ({ url: `/api/webhooks/${o.otherEndpoint}/deliveries` }) },
  { action: 'webhooks.manage', method: 'POST', route: '/api/webhooks/:id/redeliveries', own: () => ({ url: '/api/webhooks/x/redeliveries' }), foreign: (o) => ({ url: `/api/webhooks/${o.otherEndpoint}/redeliveries`, body: { since: 0 } }) },
  { action: 'webhooks.manage', method: 'GET', route: '/api/webhooks/events/:eventId', own: () => ({ url: '/api/webhooks/events/x' }), foreign: (o) => ({ url: `/api/webhooks/events/${o.otherEvent}` }) },
  { action: 'webhooks.manage', method: 'POST', route: '/api/webhooks', own: () => ({ url: '/api/webhooks' }), foreign: () => ({ url: '/api/webhooks', body: { entityId: otherEntityId, url: 'http://127.0.0.1:9/hooks', eventTypes: [], active: false } }) },
];

/** The other merchant's channel, named by the foreign request of POST /api/webhooks. */
let otherEntityId = '';

let env: PaymentsBackoffice;
let bo: BackofficeHarness;
let objects: Objects;
const clients = new Map<string, BackofficeClient>();

beforeAll(async () => {
  // The merchant API beside the back office: the payments are made as a shop makes them.
  env = await startPaymentsBackoffice();
  bo = env.bo;
  const own = env.shop.merchantId;
  const other = await env.addShop();
  // Support refunds up to the merchant's limit: one is set, so a support agent's refund is within it.
  await bo.store.merchantSettings.put({ merchantId: own, supportRefundLimit: { amount: 5_000, currency: 'EUR' }, requireTwoFactor: false, updatedAt: bo.clock.now() }, null);
  const [otherToken] = await bo.store.accessTokens.listActive(other.merchantId);
  objects = {
    ownPayment: await env.pay('PA'),
    otherPayment: await env.pay('PA', {}, other),
    otherToken: otherToken!.id,
    otherUser: (await bo.createUser('viewer', { merchantId: other.merchantId })).user.id,
    ownViewer: (await bo.createUser('viewer', { merchantId: own })).user.id,
    ownChannel: env.shop.entityId,
    otherChannel: other.entityId,
    // Stored cards and schedules made through the merchant API, as a shop makes them.
    ownRegistration: await storeCard(env),
    otherRegistration: await storeCard(env, other),
    ownSchedule: await scheduleCharges(env, await storeCard(env)),
    otherSchedule: await scheduleCharges(env, await storeCard(env, other), undefined, other),
    otherAggregation: await settledDayOf(other),
    otherEndpoint: (await env.post('/v1/webhooks', { entityId: other.entityId, url: 'http://127.0.0.1:9/hooks', active: 'false' }, other)).json().id,
    // An event is kept when a delivery is made: a payment with a notificationUrl makes one.
    otherEvent: (await bo.store.webhooks.eventsOf(await env.pay('DB', { notificationUrl: 'http://127.0.0.1:9/n' }, other)))[0]!.id,
  };
  otherEntityId = other.entityId;
  for (const role of ROLES) clients.set(role, await bo.signIn(role, { merchantId: own }));
});
afterAll(() => env.close());

/** A debit of the shop's, settled as the settlement job settles a day; the aggregation's id. */
async function settledDayOf(shop: ShopOfBackoffice): Promise<string> {
  await env.pay('DB', {}, shop);
  const [id] = await settleDay(bo.ctx, shop.entityId, new Date(bo.clock.now()).toISOString().slice(0, 10));
  if (id === undefined) throw new Error('the day settled nothing');
  return id;
}

const served = (e: Pick<Endpoint, 'method' | 'route'>) => bo.app.hasRoute({ method: e.method, url: e.route });

function send(client: BackofficeClient, e: Endpoint, r: Request) {
  return client.request({ method: e.method, url: r.url, ...(r.body !== undefined ? { body: r.body } : {}) });
}

describe('role matrix', () => {
  it('has an endpoint for every action of the role table', () => {
    const missing = ACTIONS.filter((a) => !(a in ENDPOINTS));
    expect(missing, `actions without an endpoint in the role matrix: ${missing.join(', ')}`).toEqual([]);
  });

  it('serves every endpoint of the table but the pending ones, and no pending one has arrived unnoticed', () => {
    const unserved = ACTIONS.filter((a) => !served(ENDPOINTS[a]));
    expect(unserved.filter((a) => !PENDING.includes(a)), 'endpoints the back office does not serve').toEqual([]);
    expect(PENDING.filter((a) => served(ENDPOINTS[a])), 'served now: remove these from PENDING so the matrix covers them').toEqual([]);
  });

  for (const action of COVERED) {
    for (const role of ROLES) {
      const allowed = may(role, action);
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, async () => {
        const endpoint = ENDPOINTS[action];
        const res = await send(clients.get(role)!, endpoint, endpoint.own(objects, ++serial));
        if (allowed) {
          // Not 404 either: the request names the person's own merchant's objects, which exist.
          expect([401, 403, 404], `${role} ${action}: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
          expect(res.statusCode, res.body).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${role} ${action}: ${res.body}`).toBe(403);
          expect(res.json().error.code).toBe('forbidden');
        }
      });
    }
  }
});

describe("another merchant's objects", () => {
  const withObjects = [...ACTIONS.filter((a) => ENDPOINTS[a].foreign).map((action) => ({ action, ...ENDPOINTS[action] })), ...MORE_OBJECT_ENDPOINTS];
  for (const endpoint of withObjects.filter((e) => COVERED.includes(e.action))) {
    it(`${endpoint.method} ${endpoint.route} answers 404 for another merchant's object`, async () => {
      const res = await send(clients.get('owner')!, endpoint, endpoint.foreign!(objects));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('notFound');
    });
  }
});
