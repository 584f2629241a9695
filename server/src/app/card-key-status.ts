// What `keys status` shows and `keys retire` checks: each key the database or this host knows,
// how many values it still seals of each kind, and how far the re-sealing under the active key is.

import type { EpochMs } from '../domain/records.js';
import { sealedKeyId } from '../domain/sealed-envelope.js';
import { EMBEDDED_SEALS, type EmbeddedSeal } from './embedded-seals.js';
import { SEALED_KINDS, type SealedKind } from '../storage/repositories/sealed-values.js';
import type { CardKeyRecord } from '../storage/repositories/card-keys.js';
import type { Store } from '../storage/store.js';
import { resealJobKey } from './reseal.js';

export type SealedCounts = Record<SealedKind | EmbeddedSeal['name'], number>;

export interface CardKeyStatus {
  id: string;
  active: boolean;
  /** In this host's keyring (DATA_DIR/card-keys, CARD_KEYS, CARD_KEY or DATA_DIR/card-key). */
  heldHere: boolean;
  activatedAt: EpochMs | null;
  replacedAt: EpochMs | null;
  retiredAt: EpochMs | null;
  sealed: SealedCounts;
  /** Every value the key seals. */
  total: number;
}

export interface KeysStatus {
  activeKey: string;
  keys: CardKeyStatus[];
  reseal: {
    /** Values sealed with a key other than the active one: what is left to re-seal. */
    remaining: number;
    /** Values sealed with the active key, of all values. */
    underActiveKey: number;
    total: number;
    /** The re-sealing job the last activation queued, as the jobs table has it; null before any rotation. */
    job: { state: string; attempts: number; lastError: string | null } | null;
  };
}

/** The card numbers inside short-lived rows (embedded-seals.ts), by kind and by the key that sealed them. */
async function embeddedByKey(store: Store, now: EpochMs): Promise<Map<string, Map<string, number>>> {
  const counts = new Map<string, Map<string, number>>();
  for (const seal of EMBEDDED_SEALS) {
    const byKey = new Map<string, number>();
    counts.set(seal.name, byKey);
    for (let after = ''; ; ) {
      const rows = await seal.list(store, now, after, PAGE);
      for (const row of rows) {
        const sealed = seal.sealedOf(row.value);
        if (sealed !== undefined) byKey.set(sealedKeyId(sealed), (byKey.get(sealedKeyId(sealed)) ?? 0) + 1);
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]?.key ?? after;
    }
  }
  return counts;
}

const PAGE = 500;

export async function sealedCounts(store: Store, keyId: string, embedded: Map<string, Map<string, number>>): Promise<SealedCounts> {
  const counts = {} as SealedCounts;
  for (const seal of EMBEDDED_SEALS) counts[seal.name] = embedded.get(seal.name)?.get(keyId) ?? 0;
  for (const kind of SEALED_KINDS) counts[kind] = await store.sealedValues.count(kind, keyId);
  return counts;
}

const sum = (counts: SealedCounts): number => Object.values(counts).reduce((a, b) => a + b, 0);

export async function keysStatus(store: Store, heldHere: readonly string[], now: EpochMs): Promise<KeysStatus> {
  const known = await store.cardKeys.list();
  const byId = new Map<string, CardKeyRecord>(known.map((k) => [k.id, k]));
  const embedded = await embeddedByKey(store, now);
  // Ids found only in sealed values (a key lost from every keyring) show too: they seal something.
  const ids = [...new Set([...byId.keys(), ...heldHere, ...[...embedded.values()].flatMap((m) => [...m.keys()])])].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const keys: CardKeyStatus[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    const sealed = await sealedCounts(store, id, embedded);
    keys.push({
      id,
      active: record?.active ?? false,
      heldHere: heldHere.includes(id),
      activatedAt: record?.activatedAt ?? null,
      replacedAt: record?.replacedAt ?? null,
      retiredAt: record?.retiredAt ?? null,
      sealed,
      total: sum(sealed),
    });
  }
  const active = known.find((k) => k.active);
  if (!active) throw new Error('no card key is active (table card_keys)');
  const total = keys.reduce((n, k) => n + k.total, 0);
  const underActiveKey = keys.find((k) => k.id === active.id)?.total ?? 0;
  const job = active.activatedAt === null || active.activatedAt === 0 ? undefined : await store.jobs.findByKey(resealJobKey(active.id, active.activatedAt));
  return {
    activeKey: active.id,
    keys,
    reseal: { remaining: total - underActiveKey, underActiveKey, total, job: job ? { state: job.state, attempts: job.attempts, lastError: job.lastError } : null },
  };
}
