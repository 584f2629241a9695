import { describe, expect, it } from 'vitest';
import { query } from '../../api/client.js';
import { countFilters, filtersOf } from './filter-query.js';

describe("the payments list's filters in the address", () => {
  it('keeps the known filters and drops anything else', () => {
    expect(filtersOf({ q: 'ORD-1', status: 'success', after: 'cursor', limit: '5', evil: 'x' })).toEqual({ q: 'ORD-1', status: 'success' });
  });

  it('counts the filters besides the search box', () => {
    expect(countFilters({ q: 'x', status: 'success', amountMin: '1.00' })).toBe(2);
    expect(countFilters({})).toBe(0);
  });

  it('makes a query of the non-empty values only, encoded', () => {
    expect(query({ q: 'jane+1@mail.example', status: '', brand: undefined })).toBe('?q=jane%2B1%40mail.example');
    expect(query({})).toBe('');
  });
});
