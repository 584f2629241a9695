// One description per result code: every code the relay's modules answer with is in the result-code
// catalogue (spec/result-codes.ts), and an answer's result.description is exactly the catalogue's
// text for its code; what the relay adds beyond it is resultDetails.ExtendedDescription or a
// parameter error's message, never a second text for the code.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CODES } from '../../../spec/result-codes.js';
import { ERRORS } from '../../src/domain/errors.js';
import { CHARGEBACK_NOT_BY_MERCHANT, CHARGEBACK_REVERSED, CHARGED_BACK, NO_CHARGEBACK, TRANSITIONS } from '../../src/domain/lifecycle.js';
import { REDIRECT_ANSWERS, REDIRECT_TIMEOUT_CODE } from '../../src/payments/redirect.js';
import { QUARTZ_FIELDS } from '../../src/schedules/quartz-fields.js';
import { ACCOUNT_RULES, APPROVAL_CODES, CARD_RULES } from '../../src/simulator/rules.js';
import { CHALLENGE_TIMEOUT, THREE_D_SECURE_RETURN_CODES } from '../../src/simulator/three-d-secure.js';
import { SLIP_CONFIRMED_CODE, SLIP_EXPIRED_CODE } from '../../src/vouchers/settle-slip.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

const inCatalogue = (code: string) => Object.hasOwn(RESULT_CODES, code);
const SOURCE = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|js)$/.test(name) ? [path] : [];
  });
}

describe('the codes the relay answers with', () => {
  it("are all in the catalogue: errors, the simulator's rules, 3-D Secure, redirects, slips, schedules, the payment lifecycle", () => {
    const codes: Record<string, string[]> = {
      errors: Object.values(ERRORS).map((row) => row.code),
      simulator: [...CARD_RULES, ...ACCOUNT_RULES].flatMap((r) => (r.then.kind === 'decline' ? [r.then.resultCode] : [])).concat(Object.values(APPROVAL_CODES)),
      threeDSecure: [...THREE_D_SECURE_RETURN_CODES, CHALLENGE_TIMEOUT].map((r) => r.code),
      redirects: [REDIRECT_ANSWERS.cancel.resultCode, REDIRECT_TIMEOUT_CODE],
      slips: [SLIP_CONFIRMED_CODE, SLIP_EXPIRED_CODE],
      schedules: ['100.250.100', ...QUARTZ_FIELDS.map((f) => f.code)],
      lifecycle: [...TRANSITIONS.flatMap((t) => [t.refusal, ...(t.cutoff ? [t.cutoff] : [])]), CHARGED_BACK, CHARGEBACK_NOT_BY_MERCHANT, NO_CHARGEBACK, CHARGEBACK_REVERSED],
    };
    for (const [module, list] of Object.entries(codes)) {
      expect(list.length, module).toBeGreaterThan(0);
      expect(list.filter((c) => !inCatalogue(c)), module).toEqual([]);
    }
  });

  it('are all in the catalogue wherever the source names one', () => {
    const outside: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](\d{3}\.\d{3}\.\d{3})['"`]/g)) if (!inCatalogue(m[1]!)) outside.push(`${file}: ${m[1]}`);
    }
    expect(outside).toEqual([]);
  });

  it('carry no description of their own: the error rows give a code and at most a detail', () => {
    for (const [name, row] of Object.entries(ERRORS)) expect(Object.keys(row).filter((k) => !['status', 'code', 'detail'].includes(k)), name).toEqual([]);
  });
});

describe("answers carry the catalogue's description", () => {
  let relay: TestRelay;
  const entityId = () => relay.merchant.entityId;
  type Result = { code: string; description: string; parameterErrors?: { name: string; message: string }[] };
  const resultOf = (res: { json: () => unknown }) => (res.json() as { result: Result }).result;
  const extendedOf = (res: { json: () => unknown }) => (res.json() as { resultDetails?: { ExtendedDescription?: string } }).resultDetails?.ExtendedDescription;
  const expectCatalogued = (result: Result, code: string) => {
    expect(result.code).toBe(code);
    expect(result.description).toBe(RESULT_CODES[code as keyof typeof RESULT_CODES]);
  };
  const pay = (extra: Record<string, string>) => relay.post('/v1/payments', { entityId: entityId(), amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...extra });

  beforeAll(async () => {
    relay = await startTestRelay();
  });
  afterAll(async () => relay.close());

  it('a decline: forced, and by a simulator rule', async () => {
    expectCatalogued(resultOf(await pay({ 'card.holder': '800.100.152' })), '800.100.152');
    expectCatalogued(resultOf(await pay({ 'card.number': '4200000000000001' })), '100.100.101');
  });

  it('a validation error, with the failing parameter in parameterErrors', async () => {
    const res = await relay.post('/v1/payments', { entityId: entityId(), currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() });
    expect(res.statusCode).toBe(400);
    const result = resultOf(res);
    expectCatalogued(result, '200.300.404');
    expect(result.parameterErrors?.map((p) => p.name)).toContain('amount');
  });

  it('an unknown id, an unknown checkout and an unknown path', async () => {
    expectCatalogued(resultOf(await relay.get(`/v1/query/0123456789abcdef0123456789abcdef?entityId=${entityId()}`)), '700.400.580');
    const checkout = await relay.get(`/v1/checkouts/${'0'.repeat(32)}.uat01-vm-tx01/payment?entityId=${entityId()}`);
    expectCatalogued(resultOf(checkout), '200.300.404');
    const path = await relay.get('/v1/no-such-thing');
    expect(path.statusCode).toBe(404);
    expectCatalogued(resultOf(path), '200.300.404');
    expect(extendedOf(path)).toBe('the requested resource was not found');
  });

  it('a schedule with no job', async () => {
    const registration = (await relay.post('/v1/registrations', { entityId: entityId(), paymentBrand: 'VISA', ...testCard() })).json() as { id: string };
    const res = await relay.post('/scheduling/v1/schedules', { entityId: entityId(), registrationId: registration.id, amount: '9.90', currency: 'EUR', paymentType: 'DB' });
    expect(res.statusCode).toBe(400);
    const result = resultOf(res);
    expectCatalogued(result, '100.250.100');
    expect(result.parameterErrors?.[0]?.name).toBe('job.expression');
  });

  it("a test clock moved back: the code's text, with what went wrong beside it", async () => {
    const res = await relay.post('/v1/test/clock', { entityId: entityId(), time: '2020-01-01 00:00:00' });
    expectCatalogued(resultOf(res), '200.300.404');
    expect(extendedOf(res)).toBe('a test clock only moves forward');
    expect(resultOf(res).parameterErrors?.[0]?.name).toBe('time');
  });
});
