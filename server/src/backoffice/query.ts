// Reading a back office request's query and path parameters: each checked for its type and shape,
// a bad one answered 400 invalidParameters naming it (contract.ts), never a 500. Bodies: body.ts.

import { invalidParameter } from './body.js';

/** A query's parameter given once, or undefined; given twice is a 400. */
export function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, 'must be given once');
  return value;
}

const EPOCH_MS = /^\d{1,15}$/;

/** A time as epoch milliseconds (digits only), or undefined. */
export function epochMsOf(query: unknown, name: string): number | undefined {
  const text = queryValue(query, name);
  if (text === undefined) return undefined;
  if (!EPOCH_MS.test(text)) throw invalidParameter(name, 'must be a time in epoch milliseconds');
  return Number(text);
}

/** A page size from 1 to `max`, `fallback` when absent. */
export function limitOf(query: unknown, fallback: number, max: number): number {
  const text = queryValue(query, 'limit');
  if (text === undefined) return fallback;
  const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= max)) throw invalidParameter('limit', `must be a whole number from 1 to ${max}`);
  return n;
}

/** Object ids are 32 lowercase hex characters; anything else names no object (404 by the caller). */
export const OBJECT_ID = /^[0-9a-f]{32}$/;
