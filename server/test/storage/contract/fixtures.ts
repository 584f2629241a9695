// Records and helpers shared by the parts of the store contract suite.

import { writePayment } from '../../../src/storage/writes/index.js';
import { randomBytes } from 'node:crypto';
import { planFollowUp, planSettle, type FollowUpType } from '../../../src/domain/lifecycle.js';
import { type FollowUpWrite, type SettleWrite, type Store } from '../../../src/storage/store.js';
import { NEW_CHECKOUT_STATE, type CheckoutRecord, type PaymentRecord, type PaymentStatus, type RegistrationRecord } from '../../../src/domain/records.js';

/** What a dialect's test file provides: a database that can be opened more than once. */
export interface StoreHarness {
  /** A new store (own connection or pool) on the same database, migrated. */
  open(): Promise<Store>;
  /** Removes the database (file or schema). */
  dispose(): Promise<void>;
  /**
   * Whether two open stores may write concurrently in one process. False on SQLite: one process
   * holds one connection per file (better-sqlite3 waits for locks synchronously).
   */
  parallelStores: boolean;
}

/** Set by the suite's beforeAll; read by the tests. */
export interface ContractContext {
  store: Store;
  harness: StoreHarness;
}

export const T0 = 1_700_000_000_000;
export const HOUR = 60 * 60 * 1000;
export const CUTOFF = 72 * HOUR;

export const id = (): string => randomBytes(16).toString('hex');

/** A merchant with one entity; returns the entity id. */
export async function newEntity(store: Store): Promise<string> {
  const merchantId = id();
  await store.merchants.create({ id: merchantId, name: 'M', tokenHash: id() + id(), webhookSecret: id() + id(), createdAt: T0 });
  const entityId = id();
  await store.entities.create({ id: entityId, merchantId, name: 'E', settings: {}, createdAt: T0 });
  return entityId;
}

export function paymentRecord(entityId: string, over: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: id(),
    entityId,
    paymentType: 'DB',
    paymentBrand: 'VISA',
    amount: 10_000,
    currency: 'EUR',
    status: 'success',
    resultCode: '000.100.110',
    referencedId: null,
    registrationId: null,
    checkoutId: null,
    capturedAmount: 0,
    refundedAmount: 0,
    reversed: false,
    responseJson: '{"id":"x"}',
    pendingJson: null,
    pendingKind: over.status === 'pending' ? 'three-d-secure' : null,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

export async function insertPayment(store: Store, entityId: string, over: Partial<PaymentRecord> = {}): Promise<PaymentRecord> {
  const p = paymentRecord(entityId, over);
  await writePayment(store, p);
  return p;
}

export function registrationRecord(entityId: string, over: Partial<RegistrationRecord> = {}): RegistrationRecord {
  return {
    id: id(),
    entityId,
    paymentBrand: 'VISA',
    bin: '420000',
    last4: '0000',
    expiryMonth: '12',
    expiryYear: '2034',
    holder: 'Jane Jones',
    cardCiphertext: 'c2VhbGVk',
    cardHmac: 'ab'.repeat(32),
    initialDone: false,
    migration: null,
    responseJson: '{"id":"r"}',
    deletedAt: null,
    createdAt: T0,
    ...over,
  };
}

export function checkoutRecord(entityId: string, over: Partial<CheckoutRecord> = {}): CheckoutRecord {
  return {
    id: `${id().toUpperCase()}.uat01-vm-tx01`,
    entityId,
    paymentType: 'DB',
    amount: 9_250,
    currency: 'EUR',
    paramsJson: '[["amount","92.50"]]',
    shopperResultUrl: null,
    createdAt: T0,
    expiresAt: T0 + 30 * 60 * 1000,
    ...NEW_CHECKOUT_STATE,
    ...over,
  };
}

/** The write a follow-up route would make: planned from a snapshot by the lifecycle table. */
export function followUp(ref: PaymentRecord, op: FollowUpType, amount: number | undefined, now = T0 + HOUR, parent?: PaymentRecord): FollowUpWrite {
  const plan = planFollowUp(ref, { op, amount, currency: ref.currency, now, reversalCutoffMs: CUTOFF }, parent);
  if (!plan.ok) throw new Error(`test setup: ${op} refused by the lifecycle table (${plan.resultCode})`);
  return {
    referencedId: ref.id,
    entityId: ref.entityId,
    change: plan.change,
    record: paymentRecord(ref.entityId, { paymentType: op, amount: plan.amount, referencedId: ref.id, createdAt: now, updatedAt: now }),
    now,
  };
}

/** The write a 3-D Secure settlement would make: planned from a snapshot by the status table. */
export function settlement(p: PaymentRecord, to: PaymentStatus, over: Partial<SettleWrite> = {}): SettleWrite {
  const plan = planSettle(p, to === 'success' ? 'confirm' : 'fail');
  if (!plan.ok) throw new Error(`test setup: ${p.status} -> ${to} refused by the status table`);
  return { paymentId: p.id, checkoutId: p.checkoutId, change: plan.change, resultCode: '000.100.110', responseJson: '{"id":"x"}', pendingJson: null, now: T0 + 10, ...over };
}

/** Starts every call before awaiting any, so they contend for the same row. */
export function all<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
  return Promise.all(calls.map((call) => call()));
}

export const count = (values: readonly boolean[]): number => values.filter(Boolean).length;
