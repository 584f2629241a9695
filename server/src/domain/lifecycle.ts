// The payment lifecycle as one table: the spec's "States and transitions" for referencing requests.
// It is the enforcement, not documentation: planFollowUp() reads a row and returns a LedgerChange,
// and the store turns that LedgerChange into one conditional UPDATE (guard in the WHERE clause),
// so the database re-checks every rule atomically under concurrency. A payment's own status moves
// the same way: planSettle() picks a row of STATUS_TRANSITIONS and the store applies only such a
// row, guarded by its `from` status.

import type { PaymentRecord, PaymentStatus } from './records.js';

export type FollowUpType = 'CP' | 'RF' | 'RV' | ChargebackType;
/** Chargebacks (CB) and their reversals (CR): made only by the test simulator, never by a merchant. */
export type ChargebackType = 'CB' | 'CR';
export type RunningTotal = 'capturedAmount' | 'refundedAmount' | 'chargebackAmount';

/** The code of a refund or reversal refused because the payment has an open chargeback. */
export const CHARGED_BACK = '700.300.600';
/** The code of a chargeback (or its reversal) asked for through the merchant API. */
export const CHARGEBACK_NOT_BY_MERCHANT = '700.400.402';
/** Chargeback reversal refusals: no such chargeback of this payment; chargeback already reversed. */
export const NO_CHARGEBACK = '700.400.420';
export const CHARGEBACK_REVERSED = '700.400.410';

/** What a follow-up does to the referenced row, and under which guard. */
export interface LedgerChange {
  /** Referenced row must have one of these payment types. */
  referencedTypes: readonly string[];
  /** Referenced row must be successful and not reversed (always true for every row below). */
  requireSuccessNotReversed: true;
  /** These running totals must still be zero (e.g. no refund before a reversal). */
  requireZero: readonly RunningTotal[];
  /**
   * Running total increased by `amount`, never beyond `limit` on the same row; with `alongside`,
   * that other total counts against the same limit (a chargeback: refunds plus open chargebacks).
   */
  add?: { column: RunningTotal; amount: number; limit: 'amount' | 'capturedAmount'; alongside?: RunningTotal };
  /** A chargeback reversal: the total decreases by `amount`, never below zero. */
  release?: { column: RunningTotal; amount: number };
  /**
   * A chargeback reversal: the CB record `id` referencing this payment is marked reversed in the
   * same transaction, only if it is not reversed yet (a second CR of one chargeback changes nothing).
   */
  reverseRecord?: { id: string; paymentType: 'CB' };
  /** Reversal: the row is marked reversed; nothing succeeds against it afterwards. */
  setReversed: boolean;
  /** The new record must be created before this time (reversal cut-off), epoch ms. */
  notAfter?: number;
  /**
   * Reversal: the captured total must still be what the plan saw, so the amount the reversal
   * releases (authorized minus captured) is exact even when captures race it.
   */
  capturedEquals?: number;
  /**
   * A refund of a capture: the capture's PA takes the same amount in the same UPDATE, under its
   * own guard (success, not reversed, its total within its limit), so refunds through captures and
   * refunds of the PA itself share one bound: what was captured.
   */
  parent?: { id: string; referencedTypes: readonly string[]; add: { column: RunningTotal; amount: number; limit: 'amount' | 'capturedAmount' } };
}

interface TransitionRow {
  op: FollowUpType;
  /** Types of the referenced payment this row applies to. */
  on: readonly string[];
  /** Zero totals required on the referenced payment. */
  requireZero: readonly RunningTotal[];
  /** Which running total grows, and what bounds it (with `alongside`, counted together); absent for reversal. */
  add?: { column: RunningTotal; limit: 'amount' | 'capturedAmount'; alongside?: RunningTotal };
  /** Which running total a chargeback reversal releases. */
  release?: RunningTotal;
  /** Whether the row needs an amount in the request (RV takes none). */
  takesAmount: boolean;
  /** The result code once the cut-off has passed; absent: the row has no cut-off. */
  cutoff?: string;
  /** Result code when the rule is broken (reference validation group). */
  refusal: string;
  /**
   * The referenced payment's own reference (a capture's PA) whose total grows by the same amount,
   * bounded by its own limit. The referenced row's `add` and this one use the same column.
   */
  parent?: { on: readonly string[]; add: { column: RunningTotal; limit: 'amount' | 'capturedAmount' } };
}

/** States and transitions: the only way a payment's ledger changes. */
export const TRANSITIONS: readonly TransitionRow[] = [
  // PA, successful -> CP: full or partial; several CPs on one PA.
  { op: 'CP', on: ['PA'], requireZero: [], add: { column: 'capturedAmount', limit: 'amount' }, takesAmount: true, refusal: '700.400.100' },
  // DB or CD -> RF, partial or full.
  { op: 'RF', on: ['DB', 'CD'], requireZero: ['chargebackAmount'], add: { column: 'refundedAmount', limit: 'amount' }, takesAmount: true, refusal: '700.400.200' },
  // PA that was captured -> RF, bounded by what was captured.
  { op: 'RF', on: ['PA'], requireZero: ['chargebackAmount'], add: { column: 'refundedAmount', limit: 'capturedAmount' }, takesAmount: true, refusal: '700.400.200' },
  // CP -> RF, bounded by the capture's amount and, on its PA, by what the PA captured: a refund of
  // a capture is a refund of its PA too (a reversal of the PA is then refused, as after any refund).
  {
    op: 'RF',
    on: ['CP'],
    // Checked on both rows: a charged-back PA refuses refunds through its captures too.
    requireZero: ['chargebackAmount'],
    add: { column: 'refundedAmount', limit: 'amount' },
    parent: { on: ['PA'], add: { column: 'refundedAmount', limit: 'capturedAmount' } },
    takesAmount: true,
    refusal: '700.400.200',
  },
  // DB, PA or CD -> RV before the cut-off; never after a refund.
  { op: 'RV', on: ['PA', 'DB', 'CD'], requireZero: ['refundedAmount', 'chargebackAmount'], takesAmount: false, refusal: '700.400.300', cutoff: '700.400.530' },

  // Chargebacks (test simulator only). A successful DB, or a PA within what it captured, is
  // charged back in full or in part; several chargebacks may stand on one payment, and refunds
  // plus open chargebacks never exceed what the shopper paid.
  { op: 'CB', on: ['DB'], requireZero: [], add: { column: 'chargebackAmount', limit: 'amount', alongside: 'refundedAmount' }, takesAmount: true, refusal: '700.400.400' },
  { op: 'CB', on: ['PA'], requireZero: [], add: { column: 'chargebackAmount', limit: 'capturedAmount', alongside: 'refundedAmount' }, takesAmount: true, refusal: '700.400.400' },
  // A chargeback reversed (the merchant won the dispute): its amount is no longer open.
  { op: 'CR', on: ['DB', 'PA'], requireZero: [], release: 'chargebackAmount', takesAmount: false, refusal: CHARGEBACK_REVERSED },
];

/** Operations a payment with an open chargeback refuses (CHARGED_BACK): refunds and reversals. */
const BLOCKED_BY_CHARGEBACK: readonly FollowUpType[] = ['RF', 'RV'];

/**
 * Why a payment is pending, and so what may end it: a 3-D Secure challenge (the shopper
 * authenticates), a slip awaiting payment at a bank or shop, a redirect to an online transfer or
 * wallet page, a confirmation the bank sends later.
 */
export const PENDING_KINDS = ['three-d-secure', 'slip', 'redirect', 'bank-confirmation'] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];

/** What ends a pending payment: it is confirmed, it fails, or its time runs out. */
export type PendingEvent = 'confirm' | 'fail' | 'expire';

/**
 * A change of a payment's status: the store applies it only to a row whose status is `from` and
 * whose pending kind is `pendingKind`, so two events racing for one payment settle it once.
 */
export interface StatusChange {
  from: PaymentStatus;
  to: PaymentStatus;
  pendingKind: PendingKind;
  event: PendingEvent;
  /**
   * The change is confirmed by a record of this type referencing the payment (a paid slip's RC),
   * written in the same transaction; the payment counts as captured in full, so what can be
   * refunded of it is its amount and nothing can capture it again.
   */
  confirmedBy?: 'RC';
}

interface PendingTransitionRow {
  kind: PendingKind;
  on: PendingEvent;
  to: Exclude<PaymentStatus, 'pending'>;
  confirmedBy?: 'RC';
}

/**
 * The only way a payment's status changes: a pending payment settles once, to success or declined,
 * by a row of this table for its kind. Nothing leaves success or declined. A new way of being
 * pending, or a new way out, is a row here; the store refuses any change not in this table.
 */
export const PENDING_TRANSITIONS: readonly PendingTransitionRow[] = [
  // The shopper authenticated (or failed to); an abandoned challenge expires as a decline.
  { kind: 'three-d-secure', on: 'confirm', to: 'success' },
  { kind: 'three-d-secure', on: 'fail', to: 'declined' },
  { kind: 'three-d-secure', on: 'expire', to: 'declined' },
  // A slip is paid (the confirmation), cancelled, or passes its due date unpaid.
  { kind: 'slip', on: 'confirm', to: 'success', confirmedBy: 'RC' },
  { kind: 'slip', on: 'fail', to: 'declined' },
  { kind: 'slip', on: 'expire', to: 'declined' },
  // The shopper comes back from a transfer or wallet page paid or not, or never comes back.
  { kind: 'redirect', on: 'confirm', to: 'success' },
  { kind: 'redirect', on: 'fail', to: 'declined' },
  { kind: 'redirect', on: 'expire', to: 'declined' },
  // The bank confirms or rejects; no answer in time counts as rejected.
  { kind: 'bank-confirmation', on: 'confirm', to: 'success' },
  { kind: 'bank-confirmation', on: 'fail', to: 'declined' },
  { kind: 'bank-confirmation', on: 'expire', to: 'declined' },
];

export function isPendingKind(text: string): text is PendingKind {
  return (PENDING_KINDS as readonly string[]).includes(text);
}

/** True when the change is a row of PENDING_TRANSITIONS. */
export function canSettle(change: StatusChange): boolean {
  return change.from === 'pending' && PENDING_TRANSITIONS.some((t) => t.kind === change.pendingKind && t.on === change.event && t.to === change.to && t.confirmedBy === change.confirmedBy);
}

export type SettlePlan = { ok: true; change: StatusChange } | { ok: false };

/**
 * Decides from the table and a snapshot of the payment whether `event` may settle it. The change
 * repeats the guard (status and pending kind), so the database enforces it again against the
 * committed row.
 */
export function planSettle(payment: Pick<PaymentRecord, 'status' | 'pendingKind'>, event: PendingEvent): SettlePlan {
  if (payment.status !== 'pending' || payment.pendingKind === null) return { ok: false };
  const row = PENDING_TRANSITIONS.find((t) => t.kind === payment.pendingKind && t.on === event);
  return row ? { ok: true, change: { from: 'pending', to: row.to, pendingKind: row.kind, event, ...(row.confirmedBy ? { confirmedBy: row.confirmedBy } : {}) } } : { ok: false };
}

/** The reference-validation code of an operation's rule. */
export function refusalCode(op: FollowUpType): string {
  return TRANSITIONS.find((r) => r.op === op)?.refusal ?? '700.400.100';
}

export type FollowUpPlan =
  | { ok: true; change: LedgerChange; amount: number }
  | { ok: false; resultCode: string; description?: string };

export interface FollowUpRequest {
  op: FollowUpType;
  /** Minor units; undefined for RV. */
  amount: number | undefined;
  currency: string | undefined;
  now: number;
  reversalCutoffMs: number;
}

/** Whether a follow-up of this type on this payment changes the payment's own reference too. */
export function needsParent(op: FollowUpType, ref: Pick<PaymentRecord, 'paymentType'>): boolean {
  return TRANSITIONS.some((r) => r.op === op && r.on.includes(ref.paymentType) && r.parent !== undefined);
}

/** Remaining amount a follow-up of this row could still take from the referenced payment. */
function headroom(ref: PaymentRecord, add: NonNullable<TransitionRow['add']>): number {
  const limit = add.limit === 'amount' ? ref.amount : ref.capturedAmount;
  return limit - totalOf(ref, add.column) - (add.alongside ? totalOf(ref, add.alongside) : 0);
}

/**
 * The most a follow-up of `op` could take from `ref` now, by the table's bound (and, for a refund
 * of a capture, its PA's): what a back office page offers as the maximum. Undefined when no row
 * of `op` applies to the payment's type or the row takes no amount (a reversal).
 */
export function followUpHeadroom(ref: PaymentRecord, op: FollowUpType, parent?: PaymentRecord): number | undefined {
  const row = TRANSITIONS.find((r) => r.op === op && r.on.includes(ref.paymentType));
  if (!row?.add) return undefined;
  const own = headroom(ref, row.add);
  return row.parent && parent ? Math.min(own, headroom(parent, row.parent.add)) : own;
}

/** A running total of a record; chargebackAmount is absent on records made before chargebacks. */
export function totalOf(ref: Pick<PaymentRecord, 'capturedAmount' | 'refundedAmount' | 'chargebackAmount'>, column: RunningTotal): number {
  return ref[column] ?? 0;
}

/**
 * Decides, from the table and a snapshot of the referenced payment, whether a follow-up may run.
 * The snapshot check gives the precise result code; the returned LedgerChange repeats the guard
 * so the database enforces it again atomically.
 */
export function planFollowUp(ref: PaymentRecord, req: FollowUpRequest, parent?: PaymentRecord): FollowUpPlan {
  const rows = TRANSITIONS.filter((r) => r.op === req.op);
  const row = rows.find((r) => r.on.includes(ref.paymentType));
  if (!row) return { ok: false, resultCode: refusalCode(req.op) };
  if (ref.status === 'pending') return { ok: false, resultCode: '700.400.570' };
  if (ref.status !== 'success' || ref.reversed) return { ok: false, resultCode: row.refusal };
  if (row.parent) {
    // The snapshot of the referenced payment's own reference must be that reference, and usable.
    if (!parent || parent.id !== ref.referencedId || parent.entityId !== ref.entityId || !row.parent.on.includes(parent.paymentType)) {
      return { ok: false, resultCode: row.refusal };
    }
    if (parent.status !== 'success' || parent.reversed) return { ok: false, resultCode: row.refusal };
  }
  // An open chargeback refuses refunds and reversals with its own code, on the PA of a capture too.
  if (BLOCKED_BY_CHARGEBACK.includes(req.op) && (totalOf(ref, 'chargebackAmount') > 0 || (parent !== undefined && totalOf(parent, 'chargebackAmount') > 0))) {
    return { ok: false, resultCode: CHARGED_BACK };
  }
  if (row.takesAmount && req.currency !== undefined && req.currency !== ref.currency) {
    return { ok: false, resultCode: '700.100.500' };
  }
  // A chargeback reversal names its chargeback: planChargebackReversal() plans it.
  if (row.release) return { ok: false, resultCode: row.refusal };
  for (const column of row.requireZero) if (totalOf(ref, column) !== 0) return { ok: false, resultCode: row.refusal };
  const notAfter = row.cutoff !== undefined ? ref.createdAt + req.reversalCutoffMs : undefined;
  if (notAfter !== undefined && req.now > notAfter) return { ok: false, resultCode: row.cutoff ?? row.refusal };

  let amount: number;
  let add: LedgerChange['add'];
  if (row.add) {
    if (req.amount === undefined || req.amount <= 0) return { ok: false, resultCode: row.refusal };
    if (req.amount > headroom(ref, row.add)) return { ok: false, resultCode: row.refusal };
    if (row.parent && parent && req.amount > headroom(parent, row.parent.add)) return { ok: false, resultCode: row.refusal };
    amount = req.amount;
    add = { column: row.add.column, amount, limit: row.add.limit, ...(row.add.alongside ? { alongside: row.add.alongside } : {}) };
  } else {
    // A reversal releases what is left: the full amount, less what a PA already captured. Nothing
    // left (a PA captured in full, a paid voucher slip) is nothing to reverse: a refund undoes it.
    amount = ref.amount - ref.capturedAmount;
    if (amount <= 0) return { ok: false, resultCode: row.refusal };
  }
  const change: LedgerChange = {
    referencedTypes: row.on,
    requireSuccessNotReversed: true,
    requireZero: row.requireZero,
    setReversed: req.op === 'RV',
    ...(add ? { add } : {}),
    ...(notAfter !== undefined ? { notAfter } : {}),
    ...(add ? {} : { capturedEquals: ref.capturedAmount }),
    ...(row.parent && parent ? { parent: { id: parent.id, referencedTypes: row.parent.on, add: { column: row.parent.add.column, amount, limit: row.parent.add.limit } } } : {}),
  };
  return { ok: true, change, amount };
}

/**
 * A chargeback reversal (CR) of `chargeback` on `payment`, from the CR row of the table: the
 * chargeback must be a CB of this payment, not reversed yet, and its amount is released from the
 * payment's open total. The change repeats both guards for the database.
 */
export function planChargebackReversal(payment: PaymentRecord, chargeback: PaymentRecord | undefined): FollowUpPlan {
  const row = TRANSITIONS.find((r) => r.op === 'CR' && r.on.includes(payment.paymentType));
  if (!chargeback || chargeback.paymentType !== 'CB' || chargeback.referencedId !== payment.id || chargeback.entityId !== payment.entityId) {
    return { ok: false, resultCode: NO_CHARGEBACK };
  }
  if (!row?.release) return { ok: false, resultCode: NO_CHARGEBACK };
  if (chargeback.reversed) return { ok: false, resultCode: row.refusal };
  if (payment.status !== 'success' || payment.reversed || totalOf(payment, row.release) < chargeback.amount) return { ok: false, resultCode: row.refusal };
  const change: LedgerChange = {
    referencedTypes: row.on,
    requireSuccessNotReversed: true,
    requireZero: [],
    setReversed: false,
    release: { column: row.release, amount: chargeback.amount },
    reverseRecord: { id: chargeback.id, paymentType: 'CB' },
  };
  return { ok: true, change, amount: chargeback.amount };
}
