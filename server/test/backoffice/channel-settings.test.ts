// A channel's settings through the back office (routes/channel-settings.ts): every setting `relay
// entity set` changes, read and changed by an owner; bad input refused naming each parameter with
// nothing written; the audit row of the settings that changed; a channel the person may not see is
// not found; a change guarded against another that landed meanwhile; and the merchant API sees a
// change at once (its lookup cache forgets the channel).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEntitySettings } from '../../src/storage/writes/index.js';
import { testCard } from '../helper.js';
import type { BackofficeClient } from './harness.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';

let p: PaymentsBackoffice;
let owner: BackofficeClient;
const url = () => `/api/channels/${p.shop.entityId}/settings`;
const stored = async (id = p.shop.entityId) => (await p.bo.store.entities.find(id))!.settings;
const auditOf = async () => (await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries.filter((e) => e.action === 'channel.changeSettings');

beforeAll(async () => {
  p = await startPaymentsBackoffice();
  owner = await p.bo.signIn('owner', { merchantId: p.shop.merchantId });
});
afterAll(() => p.close());

describe('reading a channel', () => {
  it("shows every setting, null or empty where the relay's default applies, with the defaults", async () => {
    const res = await owner.get(url());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      entityId: p.shop.entityId,
      name: 'Shop channel',
      settings: {
        country: null,
        allowedOrigins: [],
        throttle: { payments: null, followUps: null, registrations: null, checkouts: null, reads: null },
        reversalCutoffHours: null,
        strictParameters: false,
        threeDSecure2Required: false,
        bankAccount: null,
        timeZone: null,
        settlementFees: [],
      },
      defaults: { throttle: expect.objectContaining({ payments: expect.any(Number) }), reversalCutoffHours: 72, timeZone: 'UTC' },
    });
  });

  it("answers 404 for another merchant's channel, a channel the person may not see, and an id no channel has", async () => {
    const other = await p.addShop();
    const seen = await p.bo.addEntity(p.shop.merchantId);
    const admin = await p.bo.signIn('admin', { merchantId: p.shop.merchantId, channelIds: [seen] });
    for (const [client, id] of [[owner, other.entityId], [admin, p.shop.entityId], [owner, 'no such id!']] as const) {
      for (const res of [await client.get(`/api/channels/${encodeURIComponent(id)}/settings`), await client.put(`/api/channels/${encodeURIComponent(id)}/settings`, { strictParameters: true })]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.code).toBe('notFound');
      }
    }
    expect(await stored(other.entityId)).toEqual({});
    expect((await admin.get(`/api/channels/${seen}/settings`)).statusCode).toBe(200);
  });
});

describe('changing a channel', () => {
  it('changes every kind of setting, stores them as entity set does, and audits what changed', async () => {
    const res = await owner.put(url(), {
      country: 'BR',
      allowedOrigins: ['https://shop.example', 'http://localhost:8080/'],
      reversalCutoffHours: 48,
      throttle: { payments: 5, reads: 0 },
      strictParameters: true,
      threeDSecure2Required: true,
      bankAccount: { holder: 'Shop GmbH', number: 'DE89370400440532013000', bic: 'COBADEFFXXX', country: 'DE' },
      timeZone: 'Europe/Berlin',
      settlementFees: [
        { brand: 'VISA', percent: '2.50', fixed: '0.30' },
        { brand: '*', percent: '1', fixed: '0' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      allowedOrigins: ['https://shop.example', 'http://localhost:8080'],
      throttle: { payments: 5, followUps: null, reads: 0 },
      settlementFees: [
        { brand: 'VISA', percent: '2.50', fixed: '0.30' },
        { brand: '*', percent: '1.00', fixed: '0.00' },
      ],
    });
    expect(await stored()).toEqual({
      country: 'BR',
      allowedOrigins: ['https://shop.example', 'http://localhost:8080'],
      reversalCutoffMs: 48 * 3_600_000,
      throttle: { payments: 5, reads: 0 },
      strictParameters: true,
      threeDSecure2Required: true,
      bankAccount: { holder: 'Shop GmbH', number: 'DE89370400440532013000', bic: 'COBADEFFXXX', country: 'DE' },
      timeZone: 'Europe/Berlin',
      settlementFees: { VISA: { basisPoints: 250, fixed: 30 }, '*': { basisPoints: 100, fixed: 0 } },
    });
    const [row] = await auditOf();
    expect(row).toMatchObject({ userId: owner.user!.id, target: p.shop.entityId, address: '127.0.0.1', before: { country: null, timeZone: null }, after: { country: 'BR', timeZone: 'Europe/Berlin' } });

    // null removes a setting, false a switch; a field left out keeps its value; only changes are audited.
    // A second later, so its audit row is the newest (rows of the same moment come in id order).
    p.bo.clock.advance(1000);
    const cleared = await owner.put(url(), { country: null, throttle: { payments: null }, strictParameters: false, bankAccount: null, settlementFees: [], allowedOrigins: null, reversalCutoffHours: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored()).toEqual({ throttle: { reads: 0 }, threeDSecure2Required: true, timeZone: 'Europe/Berlin' });
    const [last] = await auditOf();
    expect(Object.keys(last!.after!).sort()).toEqual(['allowedOrigins', 'bankAccount', 'country', 'reversalCutoffHours', 'settlementFees', 'strictParameters', 'throttle']);
  });

  it('writes nothing and audits nothing for a change that changes nothing', async () => {
    const before = (await auditOf()).length;
    const res = await owner.put(url(), { timeZone: 'Europe/Berlin' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditOf()).length).toBe(before);
  });

  it('refuses bad input naming each failing parameter, as entity set would, and writes nothing', async () => {
    const before = await stored();
    const audits = (await auditOf()).length;
    const res = await owner.put(url(), {
      country: 'DE',
      allowedOrigins: ['https://fine.example', 'https://shop.example/path'],
      reversalCutoffHours: 0,
      throttle: { payments: -1, everything: 3 },
      strictParameters: 'yes',
      bankAccount: { holder: 'Shop', number: 'DE00370400440532013000' },
      timeZone: 'Mars/Olympus',
      settlementFees: [{ brand: 'VISA', percent: '101', fixed: '0.30' }],
      colour: 'blue',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('invalidParameters');
    const problems = Object.fromEntries((res.json().error.parameters as { name: string; message: string }[]).map((x) => [x.name, x.message]));
    expect(problems).toEqual({
      colour: expect.stringContaining('is not a channel setting'),
      country: 'must be one of BR, MX, CO, got "DE"',
      'allowedOrigins[1]': 'must be an http(s) origin without path, got "https://shop.example/path"',
      reversalCutoffHours: 'must be a whole number from 1 to 8784',
      'throttle.payments': expect.stringMatching(/^must be a whole number of operations per second from 0 \(no limit\) to \d+, or "default", got "-1"$/),
      'throttle.everything': expect.stringContaining('is not a throttled operation'),
      strictParameters: 'must be true or false',
      'bankAccount.number': expect.stringContaining('check digits are wrong'),
      timeZone: 'must be an IANA time zone such as Europe/Berlin, got "Mars/Olympus"',
      'settlementFees[0]': 'must be BRAND=P%+AMOUNT like VISA=2.50%+0.30 (at most 100%), got "VISA=101%+0.30"',
    });
    expect(await stored()).toEqual(before);
    expect((await auditOf()).length).toBe(audits);
  });

  it('refuses an empty change, a body that is not an object, a duplicate fee row and an account without holder', async () => {
    const names = async (body: unknown) => {
      const res = await owner.put(url(), body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().error.parameters as { name: string }[]).map((x) => x.name);
    };
    expect(await names({})).toEqual(['body']);
    expect(await names([1])).toEqual(['body']);
    expect(await names({ settlementFees: [{ brand: 'VISA', percent: '1', fixed: '0' }, { brand: 'VISA', percent: '2', fixed: '0' }] })).toEqual(['settlementFees[1]']);
    expect(await names({ bankAccount: { number: 'DE89370400440532013000' } })).toEqual(['bankAccount.holder']);
  });

  it('writes nothing when the settings changed after they were read', async () => {
    const read = await stored();
    await p.bo.store.entities.updateSettings(p.shop.entityId, { ...read, country: 'MX' });
    const audits = (await auditOf()).length;
    const written = await writeEntitySettings(p.bo.store, {
      entityId: p.shop.entityId,
      read,
      next: { ...read, country: 'CO' },
      audit: { id: 'a'.repeat(32), merchantId: p.shop.merchantId, userId: owner.user!.id, at: p.bo.clock.now(), address: null, action: 'channel.changeSettings', target: p.shop.entityId, before: {}, after: {} },
    });
    expect(written).toBe(false);
    expect((await stored()).country).toBe('MX');
    expect((await auditOf()).length).toBe(audits);
  });
});

describe('the merchant API', () => {
  it('sees a change at once, though it keeps channels for a few seconds', async () => {
    const pay = () => p.post('/v1/payments', { entityId: p.shop.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), 'shop.orderRef': 'A-17' });
    expect((await owner.put(url(), { strictParameters: false, country: null })).statusCode).toBe(200);
    // The channel is now in the API's cache, lenient.
    expect((await pay()).statusCode).toBe(200);
    expect((await owner.put(url(), { strictParameters: true })).statusCode).toBe(200);
    const strict = await pay();
    expect(strict.statusCode, strict.body).toBe(400);
    expect(JSON.stringify(strict.json().result.parameterErrors)).toContain('shop.orderRef');
  });
});
