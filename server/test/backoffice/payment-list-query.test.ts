// The payment list's query string: every parameter read into the store's search, and every bad one
// named in one invalidParameters error, before anything reaches the database.

import { describe, expect, it } from 'vitest';
import { BackofficeError } from '../../src/backoffice/contract.js';
import { DEFAULT_LIMIT, readPaymentListQuery } from '../../src/backoffice/payment-list/query.js';
import { cursorText } from '../../src/storage/repositories/payment-search.js';

function failing(query: Record<string, unknown>): string[] {
  try {
    readPaymentListQuery(query);
  } catch (error) {
    expect(error).toBeInstanceOf(BackofficeError);
    const e = error as BackofficeError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('invalidParameters');
    return (e.parameters ?? []).map((p) => p.name);
  }
  throw new Error('the query was accepted');
}

describe('payment list query', () => {
  it('reads every parameter', () => {
    const after = { createdAt: 1_700_000_000_123, id: 'a'.repeat(32) };
    expect(
      readPaymentListQuery({
        from: '1700000000000',
        to: '1700000100000',
        status: 'chargedBack',
        paymentType: 'DB',
        brand: 'VISA',
        method: 'bankAccount',
        amountMin: '10.50',
        amountMax: '20',
        channel: 'e'.repeat(32),
        q: '  Ann@Shop.example ',
        after: cursorText(after),
        limit: '200',
      }),
    ).toEqual({
      search: { from: 1_700_000_000_000, to: 1_700_000_100_000, status: 'chargedBack', paymentType: 'DB', brand: 'VISA', method: 'bankAccount', amountMin: 1_050, amountMax: 2_000, q: 'Ann@Shop.example' },
      channel: 'e'.repeat(32),
      after,
      limit: 200,
    });
  });

  it('takes the first page of fifty, and an empty search box as none', () => {
    expect(readPaymentListQuery({ q: '  ' })).toEqual({ search: {}, channel: undefined, after: undefined, limit: DEFAULT_LIMIT });
    expect(readPaymentListQuery(undefined)).toEqual({ search: {}, channel: undefined, after: undefined, limit: DEFAULT_LIMIT });
  });

  it('names each bad parameter', () => {
    expect(failing({ from: 'yesterday', to: '-1' })).toEqual(['from', 'to']);
    expect(failing({ from: '20', to: '10' })).toEqual(['to']);
    expect(failing({ status: 'refunded' })).toEqual(['status']);
    expect(failing({ paymentType: 'db', brand: 'visa;drop', method: 'cash' })).toEqual(['paymentType', 'brand', 'method']);
    expect(failing({ amountMin: '1e3', amountMax: '10.5' })).toEqual(['amountMin', 'amountMax']);
    expect(failing({ amountMin: '20.00', amountMax: '10.00' })).toEqual(['amountMax']);
    expect(failing({ channel: "x' or 1=1" })).toEqual(['channel']);
    expect(failing({ q: 'x'.repeat(256) })).toEqual(['q']);
    expect(failing({ after: 'not-a-cursor' })).toEqual(['after']);
    expect(failing({ limit: '0' })).toEqual(['limit']);
    expect(failing({ limit: '201' })).toEqual(['limit']);
    expect(failing({ limit: '5.5' })).toEqual(['limit']);
    expect(failing({ status: ['success', 'declined'] })).toEqual(['status']);
  });
});
