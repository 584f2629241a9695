// The check "an audit row for every state change (the test walks the action table)": every
// state-changing route of the back office's API, as it is built (route-collector.ts), must have a
// row in ACTIONS below, so a route added later cannot skip its audit row. Each row makes a request
// that succeeds as an owner (payments made through the merchant API, an invited person for the
// people routes, a second token to revoke) and names the rows it must append: who, for which
// merchant, from where, what, to what, values before and after where one changed, and never a
// card number, a password, a token or a secret in them. A refused request (403, 400) appends none,
// but for a failed sign-in, which is audited.

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/crypto/totp.js';
import type { AuditEntry } from '../../src/domain/users.js';
import type { BackofficeClient } from './harness.js';
import { redirectPayment, slipPayment } from './test-tools-fixture.js';
import { scheduleCharges, startPaymentsBackoffice, storeCard, type PaymentsBackoffice } from './payments-fixture.js';
import { collectRoutes, STATE_CHANGING_METHODS, type ApiRoute } from './route-collector.js';

const CARD_NUMBER = '4200000000000000';
const CVV = '123';
/** The address the harness's requests come from. */
const ADDRESS = '127.0.0.1';
const NEW_PASSWORD = 'correct horse battery staple 42';

interface ExpectedRow {
  action: string;
  /** The acting person. */
  userId: string;
  target: string;
  /** Whether the row tells values before and after (a value changed). */
  before: boolean;
  after: boolean;
}

/** A request that succeeds, made ready (its preparations are not part of what it must append). */
interface Prepared {
  send(): Promise<LightMyRequestResponse>;
  rows: ExpectedRow[];
}

const { routeSets, routes } = collectRoutes();
let p: PaymentsBackoffice;
let owner: BackofficeClient;
/** Every password, token, secret and code the walk used: none may reach an audit row. */
const secrets: string[] = [CARD_NUMBER];

beforeAll(async () => {
  p = await startPaymentsBackoffice({ routeSets });
  owner = await p.bo.signIn('owner', { merchantId: p.shop.merchantId });
  secrets.push(owner.password, p.shop.token);
});
afterAll(() => p.close());

const signIn = async (role: 'viewer' | 'owner' = 'viewer') => {
  const client = await p.bo.signIn(role, { merchantId: p.shop.merchantId });
  secrets.push(client.password);
  return client;
};

/** The merchant's audit rows, newest first. */
const auditRows = async (): Promise<AuditEntry[]> => (await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries;

/** A fresh key for a confirmation dialog's payment action. */
let keys = 0;
const idempotencyKey = () => `walk-${++keys}`;

/** Turns on a second factor for the client through its own routes; answers the TOTP secret. */
async function withTwoFactor(client: BackofficeClient): Promise<string> {
  const secret: string = (await client.post('/api/me/two-factor')).json().secret;
  const confirmed = await client.post('/api/me/two-factor/confirm', { code: totpCode(secret, p.bo.clock.now()) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  client.csrfToken = confirmed.json().csrfToken;
  secrets.push(secret, ...(confirmed.json().recoveryCodes as string[]));
  return secret;
}

/** Invites a person through the people routes; answers their id and invitation token. */
async function invite(role = 'viewer'): Promise<{ id: string; token: string }> {
  const res = await owner.post('/api/users', { email: `walk-${++keys}@shop.example`, role });
  expect(res.statusCode, res.body).toBe(201);
  const token = String(res.json().inviteUrl).split('/invitations/')[1]!;
  secrets.push(token);
  return { id: res.json().user.id, token };
}

/** A URL nobody listens on: the walk's endpoints are made inactive, and a test there is refused. */
const WALK_RECEIVER = 'http://127.0.0.1:9/hooks';

/** An inactive endpoint of the shop's channel, made through the merchant API; its id. */
async function walkEndpoint(): Promise<string> {
  const made = await p.post('/v1/webhooks', { entityId: p.shop.entityId, url: WALK_RECEIVER, active: 'false' });
  expect(made.statusCode, made.body).toBe(200);
  secrets.push(made.json().secret);
  return made.json().id;
}

const row = (action: string, userId: string, target: string, changed: 'none' | 'after' | 'both' = 'none'): ExpectedRow => ({
  action,
  userId,
  target,
  before: changed === 'both',
  after: changed !== 'none',
});

/** The action table: for each state-changing route, a request that succeeds and the rows it appends. */
const ACTIONS: Record<string, () => Promise<Prepared>> = {
  'POST /api/session': async () => {
    const { user, password } = await p.bo.createUser('viewer', { merchantId: p.shop.merchantId });
    secrets.push(password);
    const client = p.bo.clientOf(user, password);
    return { send: () => client.post('/api/session', { email: user.email, password }), rows: [row('signIn', user.id, user.id)] };
  },
  'DELETE /api/session': async () => {
    const client = await signIn();
    return { send: () => client.delete('/api/session'), rows: [row('signOut', client.user!.id, client.user!.id)] };
  },
  'POST /api/session/sign-out-everywhere': async () => {
    const client = await signIn();
    return { send: () => client.post('/api/session/sign-out-everywhere'), rows: [row('signOut.everywhere', client.user!.id, client.user!.id)] };
  },
  'POST /api/invitations/:token/accept': async () => {
    const { id, token } = await invite();
    secrets.push(NEW_PASSWORD);
    return {
      send: () => p.bo.anonymous().post(`/api/invitations/${token}/accept`, { password: NEW_PASSWORD }),
      rows: [row('user.acceptInvitation', id, id, 'both'), row('signIn', id, id, 'after')],
    };
  },
  // Starting a set-up changes nothing stored: the secret waits in a sealed cookie until confirmed.
  'POST /api/me/two-factor': async () => {
    const client = await signIn();
    return { send: () => client.post('/api/me/two-factor'), rows: [] };
  },
  'POST /api/me/two-factor/confirm': async () => {
    const client = await signIn();
    const secret: string = (await client.post('/api/me/two-factor')).json().secret;
    secrets.push(secret);
    const id = client.user!.id;
    return {
      send: () => client.post('/api/me/two-factor/confirm', { code: totpCode(secret, p.bo.clock.now()) }),
      rows: [row('user.enableTwoFactor', id, id, 'both'), row('session.rotate', id, id)],
    };
  },
  'DELETE /api/me/two-factor': async () => {
    const client = await signIn();
    const secret = await withTwoFactor(client);
    // The set-up spent this step's code: the next one.
    p.bo.clock.advance(30_000);
    const id = client.user!.id;
    return {
      send: () => client.delete('/api/me/two-factor', { code: totpCode(secret, p.bo.clock.now()) }),
      rows: [row('user.disableTwoFactor', id, id, 'both'), row('session.rotate', id, id)],
    };
  },
  'POST /api/me/password': async () => {
    const client = await signIn();
    secrets.push(NEW_PASSWORD);
    const id = client.user!.id;
    return {
      send: () => client.post('/api/me/password', { currentPassword: client.password, newPassword: NEW_PASSWORD }),
      rows: [row('user.changePassword', id, id, 'both'), row('session.rotate', id, id)],
    };
  },
  'PUT /api/settings': async () => ({
    send: () => owner.put('/api/settings', { requireTwoFactor: false, supportRefundLimit: { amount: '50.00', currency: 'EUR' } }),
    rows: [row('settings.change', owner.user!.id, p.shop.merchantId, 'both')],
  }),
  // The shop's channel has no time zone yet (a change that changes nothing appends no row).
  'PUT /api/channels/:id/settings': async () => ({
    send: () => owner.put(`/api/channels/${p.shop.entityId}/settings`, { timeZone: 'Europe/Berlin' }),
    rows: [row('channel.changeSettings', owner.user!.id, p.shop.entityId, 'both')],
  }),
  'POST /api/payments/:id/capture': async () => {
    const id = await p.pay('PA');
    return { send: () => owner.post(`/api/payments/${id}/capture`, { amount: '100.00', currency: 'EUR', idempotencyKey: idempotencyKey() }), rows: [row('payment.capture', owner.user!.id, id, 'after')] };
  },
  'POST /api/payments/:id/refund': async () => {
    const id = await p.pay('DB');
    return { send: () => owner.post(`/api/payments/${id}/refund`, { amount: '10.00', currency: 'EUR', idempotencyKey: idempotencyKey() }), rows: [row('payment.refund', owner.user!.id, id, 'after')] };
  },
  'POST /api/payments/:id/reverse': async () => {
    const id = await p.pay('PA');
    return { send: () => owner.post(`/api/payments/${id}/reverse`, { idempotencyKey: idempotencyKey() }), rows: [row('payment.reverse', owner.user!.id, id, 'after')] };
  },
  'POST /api/payments/:id/notifications/resend': async () => {
    const id = await p.pay('DB');
    return { send: () => owner.post(`/api/payments/${id}/notifications/resend`), rows: [row('payment.resendNotifications', owner.user!.id, id, 'after')] };
  },
  'POST /api/credentials/tokens': async () => {
    let created = '';
    return {
      send: async () => {
        const res = await owner.post('/api/credentials/tokens', { name: 'second token' });
        created = res.json().id;
        secrets.push(res.json().token);
        return res;
      },
      // The token's id is known once it is made: checked by target below, as any other row.
      get rows() {
        return [row('credentials.tokenCreated', owner.user!.id, created, 'after')];
      },
    };
  },
  'DELETE /api/credentials/tokens/:id': async () => {
    const made = await owner.post('/api/credentials/tokens', { name: 'to revoke' });
    secrets.push(made.json().token);
    const id: string = made.json().id;
    return { send: () => owner.delete(`/api/credentials/tokens/${id}`), rows: [row('credentials.tokenRevoked', owner.user!.id, id, 'both')] };
  },
  'POST /api/users': async () => {
    let created = '';
    return {
      send: async () => {
        const res = await owner.post('/api/users', { email: 'new-person@shop.example', role: 'support' });
        created = res.json().user.id;
        secrets.push(String(res.json().inviteUrl).split('/invitations/')[1]!);
        return res;
      },
      get rows() {
        return [row('user.invite', owner.user!.id, created, 'after')];
      },
    };
  },
  'PATCH /api/users/:id': async () => {
    const { id } = await invite();
    return { send: () => owner.patch(`/api/users/${id}`, { role: 'finance' }), rows: [row('user.setRole', owner.user!.id, id, 'both')] };
  },
  'POST /api/webhooks': async () => {
    let created = '';
    return {
      send: async () => {
        // Inactive: made without a receiver to acknowledge its activation.
        const res = await owner.post('/api/webhooks', { entityId: p.shop.entityId, url: WALK_RECEIVER, eventTypes: [], active: false });
        created = res.json().endpoint.id;
        secrets.push(res.json().secret);
        return res;
      },
      get rows() {
        return [row('webhook.create', owner.user!.id, created, 'after')];
      },
    };
  },
  'PATCH /api/webhooks/:id': async () => {
    const id = await walkEndpoint();
    return { send: () => owner.patch(`/api/webhooks/${id}`, { eventTypes: ['PAYMENT'] }), rows: [row('webhook.change', owner.user!.id, id, 'both')] };
  },
  'DELETE /api/webhooks/:id': async () => {
    const id = await walkEndpoint();
    return { send: () => owner.delete(`/api/webhooks/${id}`), rows: [row('webhook.remove', owner.user!.id, id, 'both')] };
  },
  // Nobody listens there: the test is sent, not acknowledged, and audited all the same.
  'POST /api/webhooks/:id/test': async () => {
    const id = await walkEndpoint();
    return { send: () => owner.post(`/api/webhooks/${id}/test`), rows: [row('webhook.test', owner.user!.id, id, 'after')] };
  },
  'POST /api/webhooks/:id/redeliveries': async () => {
    const id = await walkEndpoint();
    return { send: () => owner.post(`/api/webhooks/${id}/redeliveries`, { since: 0 }), rows: [row('webhook.redeliver', owner.user!.id, id, 'after')] };
  },
  'POST /api/webhooks/secret-rotation': async () => ({
    send: async () => {
      const res = await owner.post('/api/webhooks/secret-rotation', { overlapHours: 24 });
      secrets.push(res.json().secret);
      return res;
    },
    rows: [row('webhook.secretRotate', owner.user!.id, p.shop.merchantId, 'after')],
  }),
  'POST /api/users/:id/reset-two-factor': async () => {
    const client = await signIn();
    await withTwoFactor(client);
    const id = client.user!.id;
    return { send: () => owner.post(`/api/users/${id}/reset-two-factor`), rows: [row('user.resetSecondFactor', owner.user!.id, id, 'both')] };
  },
  // The test tools (test environment): each audited as testTools.<what>, in the flow's transaction.
  'POST /api/test/clock': async () => ({
    send: () => owner.post('/api/test/clock', { entityId: p.shop.entityId, time: p.bo.clock.now() + 60 * 60_000 }),
    rows: [row('testTools.moveClock', owner.user!.id, p.shop.entityId, 'both')],
  }),
  'POST /api/test/vouchers/:id/pay': async () => {
    const id = await slipPayment(p);
    return { send: () => owner.post(`/api/test/vouchers/${id}/pay`), rows: [row('testTools.paySlip', owner.user!.id, id, 'after')] };
  },
  'POST /api/test/vouchers/:id/expire': async () => {
    const id = await slipPayment(p);
    return { send: () => owner.post(`/api/test/vouchers/${id}/expire`), rows: [row('testTools.expireSlip', owner.user!.id, id, 'after')] };
  },
  'POST /api/test/payments/:id/approve': async () => {
    const id = await redirectPayment(p);
    return { send: () => owner.post(`/api/test/payments/${id}/approve`), rows: [row('testTools.approvePayment', owner.user!.id, id, 'after')] };
  },
  'POST /api/test/payments/:id/cancel': async () => {
    const id = await redirectPayment(p);
    return { send: () => owner.post(`/api/test/payments/${id}/cancel`), rows: [row('testTools.cancelPayment', owner.user!.id, id, 'after')] };
  },
  'POST /api/test/payments/:id/chargeback': async () => {
    const id = await p.pay('DB');
    return {
      send: () => owner.post(`/api/test/payments/${id}/chargeback`, { amount: '10.00', currency: 'EUR', reasonCode: '000.100.220', idempotencyKey: idempotencyKey() }),
      rows: [row('testTools.chargeback', owner.user!.id, id, 'after')],
    };
  },
  'POST /api/test/payments/:id/chargeback-reversal': async () => {
    const id = await p.pay('DB');
    const made = await owner.post(`/api/test/payments/${id}/chargeback`, { amount: '10.00', currency: 'EUR', reasonCode: '000.100.220', idempotencyKey: idempotencyKey() });
    const chargebackId: string = made.json().record.id;
    return {
      send: () => owner.post(`/api/test/payments/${id}/chargeback-reversal`, { chargebackId, idempotencyKey: idempotencyKey() }),
      rows: [row('testTools.chargebackReversal', owner.user!.id, id, 'after')],
    };
  },
  'DELETE /api/registrations/:id': async () => {
    const id = await storeCard(p);
    return { send: () => owner.delete(`/api/registrations/${id}`), rows: [row('storedCard.delete', owner.user!.id, id, 'both')] };
  },
  'POST /api/schedules/:id/cancel': async () => {
    const id = await scheduleCharges(p, await storeCard(p));
    return { send: () => owner.post(`/api/schedules/${id}/cancel`), rows: [row('schedule.cancel', owner.user!.id, id, 'both')] };
  },
};

const changing = () => routes.filter((r) => STATE_CHANGING_METHODS.includes(r.method));
const keyOf = (r: ApiRoute) => `${r.method} ${r.url}`;

/** The rows appended while `act` ran, oldest first. */
async function appendedBy(act: () => Promise<void>): Promise<AuditEntry[]> {
  const before = new Set((await auditRows()).map((e) => e.id));
  await act();
  return (await auditRows()).filter((e) => !before.has(e.id)).reverse();
}

/** No password, token, secret, code or card number in a row's values, nor a field named for one. */
function expectNothingSecret(entry: AuditEntry): void {
  const values = JSON.stringify({ before: entry.before, after: entry.after });
  for (const secret of secrets) expect(values, entry.action).not.toContain(secret);
  expect(values, entry.action).not.toMatch(/cvv|card\.?number|"[^"]*(hash|secret|token)"\s*:/i);
  expect(values, entry.action).not.toContain(`"${CVV}"`);
}

describe('an audit row for every state change, walking the action table', () => {
  it('has a row of the table for every state-changing route, and none for a route that is gone', () => {
    const keys = changing().map(keyOf);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => !(k in ACTIONS)), 'state-changing routes without a row in ACTIONS').toEqual([]);
    expect(Object.keys(ACTIONS).filter((k) => !keys.includes(k)), 'rows of ACTIONS for no route').toEqual([]);
  });

  it('appends exactly the rows each action must write, with who, where, what and no secret', async () => {
    for (const route of changing()) {
      const name = keyOf(route);
      const prepared = await ACTIONS[name]!();
      let response: LightMyRequestResponse | undefined;
      const appended = await appendedBy(async () => {
        response = await prepared.send();
      });
      expect(response!.statusCode, `${name}: ${response!.body}`).toBeLessThan(300);
      const expected = prepared.rows;
      expect(appended.map((e) => e.action).sort(), name).toEqual(expected.map((e) => e.action).sort());
      for (const want of expected) {
        const entry = appended.find((e) => e.action === want.action)!;
        expect(entry, `${name} ${want.action}`).toMatchObject({ merchantId: p.shop.merchantId, userId: want.userId, address: ADDRESS, target: want.target });
        expect(entry.before !== null, `${name} ${want.action} before`).toBe(want.before);
        expect(entry.after !== null, `${name} ${want.action} after`).toBe(want.after);
        expectNothingSecret(entry);
      }
    }
  });
});

describe('a refused request appends no audit row', () => {
  /** The route's path with every parameter filled in with an id that names nothing. */
  const pathOf = (route: ApiRoute) => route.url.replace(/:[A-Za-z]+/g, '0'.repeat(32));

  it('refuses a viewer every action of the role table (403), appending nothing', async () => {
    const viewer = await signIn();
    const guarded = changing().filter((r) => r.access !== 'public' && r.access !== 'signedIn');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const appended = await appendedBy(async () => {
        const res = await viewer.request({ method: route.method as 'POST', url: pathOf(route), body: {} });
        expect(res.statusCode, `${keyOf(route)}: ${res.body}`).toBe(403);
      });
      expect(appended, keyOf(route)).toEqual([]);
    }
  });

  it('refuses a body that is not an object (400) on every route that reads one, appending nothing', async () => {
    let refused = 0;
    for (const route of changing()) {
      // A fresh owner each time: a route that reads no body succeeds, and may end the session.
      const client = await signIn('owner');
      let status = 0;
      const appended = await appendedBy(async () => {
        status = (await client.request({ method: route.method as 'POST', url: pathOf(route), body: [1] })).statusCode;
      });
      expect(status, keyOf(route)).toBeLessThan(500);
      if (status === 400 || status === 403) {
        refused += 1;
        expect(appended, keyOf(route)).toEqual([]);
      }
    }
    expect(refused).toBeGreaterThan(5);
  });

  it('audits a failed sign-in, and only that', async () => {
    const { user } = await p.bo.createUser('viewer', { merchantId: p.shop.merchantId });
    const appended = await appendedBy(async () => {
      expect((await p.bo.anonymous().post('/api/session', { email: user.email, password: 'not the password' })).statusCode).toBe(401);
    });
    expect(appended).toEqual([expect.objectContaining({ action: 'signIn.failed', userId: user.id, target: user.id, address: ADDRESS, before: null })]);
    expectNothingSecret(appended[0]!);
    expect(JSON.stringify(appended[0]!.after)).not.toContain('not the password');
  });
});
