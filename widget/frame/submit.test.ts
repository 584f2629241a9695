import { describe, expect, it } from 'vitest';
import { buildBody, toOutcome } from './submit.js';

describe('buildBody', () => {
  it('sends the host fields, then the card data from the frames only', () => {
    const body = buildBody(
      [
        ['card.holder', 'Jane Doe'],
        ['card.number', '4111111111111111'],
        ['card.cvv', '999'],
        ['customParameters[SHOPPER_x]', 'ü & ='],
      ],
      [
        ['card.number', '4200000000000000'],
        ['card.cvv', '123'],
      ],
    );
    expect([...body]).toEqual([
      ['card.holder', 'Jane Doe'],
      ['customParameters[SHOPPER_x]', 'ü & ='],
      ['card.number', '4200000000000000'],
      ['card.cvv', '123'],
    ]);
    expect(body.toString()).toContain('customParameters%5BSHOPPER_x%5D=%C3%BC+%26+%3D');
  });
  it('leaves out an empty or absent CVV', () => {
    expect(buildBody([], [['card.number', '4200000000000000'], ['card.cvv', '']]).has('card.cvv')).toBe(false);
    expect(buildBody([], [['card.number', '4200000000000000']]).has('card.cvv')).toBe(false);
  });
  it('takes the expiry and holder from their frames only when those go with the payment', () => {
    const page: Array<[string, string]> = [
      ['card.expiryMonth', '01'],
      ['card.expiryYear', '2020'],
      ['card.holder', 'From the page'],
    ];
    const framed = buildBody(page, [['card.number', '4200000000000000'], ['card.expiryMonth', '12'], ['card.expiryYear', '2030'], ['card.holder', '']], ['expiry', 'cardHolder']);
    expect([...framed]).toEqual([
      ['card.number', '4200000000000000'],
      ['card.expiryMonth', '12'],
      ['card.expiryYear', '2030'],
    ]);
    expect([...buildBody(page, [])]).toEqual(page);
  });
});

describe('toOutcome', () => {
  it('reads the relay answer and keeps only what the host needs', () => {
    const o = toOutcome(200, {
      id: 'pay1',
      result: { code: '000.200.000', description: 'pending' },
      redirect: { url: 'https://relay.example/v1/threeDSecure/x', method: 'GET' },
      resultUrl: 'https://shop.example/r?id=c&resourcePath=%2Fv1%2Fcheckouts%2Fc%2Fpayment',
      card: { bin: '420000' },
      timestamp: '2026-11-25 12:00:00+0000',
      buildNumber: 'b1',
    });
    expect(o).toEqual({
      type: 'outcome',
      status: 200,
      code: '000.200.000',
      description: 'pending',
      paymentId: 'pay1',
      redirectUrl: 'https://relay.example/v1/threeDSecure/x',
      resultUrl: 'https://shop.example/r?id=c&resourcePath=%2Fv1%2Fcheckouts%2Fc%2Fpayment',
      parameterErrors: [],
      timestamp: '2026-11-25 12:00:00+0000',
      buildNumber: 'b1',
    });
  });
  it('strips values from parameter errors (B9)', () => {
    const o = toOutcome(400, {
      result: { code: '200.300.404', description: 'invalid', parameterErrors: [{ name: 'card.number', value: '4200000000000001', message: 'bad' }] },
    });
    expect(o.parameterErrors).toEqual([{ name: 'card.number', message: 'bad' }]);
    expect(JSON.stringify(o)).not.toContain('4200000000000001');
  });
  it('never passes on a script URL or a non-GET redirect', () => {
    expect(toOutcome(200, { result: {}, redirect: { url: 'javascript:alert(1)' } }).redirectUrl).toBeNull();
    expect(toOutcome(200, { result: {}, redirect: { url: 'https://x.example', method: 'POST' } }).redirectUrl).toBeNull();
    expect(toOutcome(200, { result: {}, resultUrl: 'data:text/html,x' }).resultUrl).toBeNull();
    expect(toOutcome(502, 'not json')).toMatchObject({ status: 502, code: '', description: '' });
  });
});
