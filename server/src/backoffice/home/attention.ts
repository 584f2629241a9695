// What needs someone's attention, on the home page: each kind a count and its first few items, each
// item with the id its page is found by (/notifications/:id, /schedules/:id, /payments/:id; open
// chargebacks all lead to /chargebacks). A kind the person's role may not open is left out, not
// shown empty: failing endpoints only to those who manage webhooks (webhooks.manage), schedules
// to schedules.read, chargebacks to chargebacks.read.

import { formatAmount } from '../../domain/money.js';
import type { EpochMs } from '../../domain/records.js';
import { may, type Role } from '../../domain/roles.js';
import type { EndpointHealth, Store } from '../../storage/store.js';
import { slipStateOf } from '../../vouchers/slip-state.js';

/** Items listed of each kind; the count says how many there are in all. */
export const ATTENTION_ITEMS = 10;
/** A slip is about to expire when its last day to be paid ends within this time. */
export const SLIP_WINDOW_MS = 48 * 60 * 60 * 1000;

export interface FailingEndpoint {
  endpointId: string;
  entityId: string;
  url: string;
  /** `disabled`: the endpoint answered 410 and the relay stopped sending; `failing`: its newest tried delivery did not arrive. */
  reason: 'disabled' | 'failing';
  detail: string | null;
  lastStatus: number | null;
  at: EpochMs | null;
}

export interface Attention {
  failingEndpoints?: { total: number; items: FailingEndpoint[] };
  failedSchedules?: { total: number; items: { scheduleId: string; entityId: string; amount: string; currency: string; scheduledAt: EpochMs; status: string; resultCode: string | null }[] };
  openChargebacks?: { total: number; items: { paymentId: string; entityId: string; amount: string; currency: string; createdAt: EpochMs }[] };
  expiringSlips: { total: number; windowHours: number; items: { paymentId: string; entityId: string; amount: string; currency: string; expiresAt: EpochMs }[] };
}

/** An endpoint is failing when it was disabled, or its newest tried delivery failed or waits for another try. */
function failingOf(e: EndpointHealth): FailingEndpoint | undefined {
  const last = e.lastTried;
  const base = { endpointId: e.endpointId, entityId: e.entityId, url: e.url, lastStatus: last?.lastStatus ?? null, at: last?.at ?? null };
  if (e.state === 'disabled') return { ...base, reason: 'disabled', detail: e.disabledReason };
  if (last && (last.state === 'failed' || last.state === 'pending')) return { ...base, reason: 'failing', detail: last.lastError };
  return undefined;
}

export async function attentionOf(store: Store, role: Role, entityIds: readonly string[], now: EpochMs): Promise<Attention> {
  const [endpoints, schedules, chargebacks, slips] = await Promise.all([
    may(role, 'webhooks.manage') ? store.home.endpointHealth(entityIds) : undefined,
    may(role, 'schedules.read') ? store.home.failedSchedules(entityIds, ATTENTION_ITEMS) : undefined,
    may(role, 'chargebacks.read') ? store.home.openChargebacks(entityIds, ATTENTION_ITEMS) : undefined,
    store.home.pendingSlips(entityIds),
  ]);
  const expiring = slips
    .flatMap((s) => {
      const expiresAt = slipStateOf(s.pendingJson)?.voucher.expiresAt;
      return expiresAt !== undefined && expiresAt <= now + SLIP_WINDOW_MS ? [{ paymentId: s.paymentId, entityId: s.entityId, amount: formatAmount(s.amount), currency: s.currency, expiresAt }] : [];
    })
    .sort((a, b) => a.expiresAt - b.expiresAt || (a.paymentId < b.paymentId ? -1 : 1));
  const failing = (endpoints ?? []).flatMap((e) => failingOf(e) ?? []);
  return {
    ...(endpoints ? { failingEndpoints: { total: failing.length, items: failing.slice(0, ATTENTION_ITEMS) } } : {}),
    ...(schedules
      ? {
          failedSchedules: {
            total: schedules.total,
            items: schedules.items.map((s) => ({ scheduleId: s.scheduleId, entityId: s.entityId, amount: formatAmount(s.amount), currency: s.currency, scheduledAt: s.scheduledAt, status: s.occurrenceStatus, resultCode: s.resultCode })),
          },
        }
      : {}),
    ...(chargebacks
      ? {
          openChargebacks: {
            total: chargebacks.total,
            items: chargebacks.items.map((c) => ({ paymentId: c.paymentId, entityId: c.entityId, amount: formatAmount(c.chargebackAmount), currency: c.currency, createdAt: c.createdAt })),
          },
        }
      : {}),
    expiringSlips: { total: expiring.length, windowHours: SLIP_WINDOW_MS / 3_600_000, items: expiring.slice(0, ATTENTION_ITEMS) },
  };
}
