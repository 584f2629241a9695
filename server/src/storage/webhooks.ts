// The webhook tables: endpoints, events, deliveries and their attempts.
//
// An event fans out inside the transaction of the record it tells of, in three statements that
// need no read first: one delivery per endpoint that wants it (INSERT … SELECT over the entity's
// active endpoints and the payment's notificationUrl endpoint), then the event row and one
// delivery job per delivery (INSERT … SELECT over those deliveries), both only when there is a
// delivery: an event no endpoint wants is not kept, as nothing would ever read it. They follow the
// fan-out (followers.ts): on SQLite they are not even built when it made no delivery, so a payment
// of an entity without endpoints costs one index probe; on PostgreSQL, where they go in the same
// query text, each finds no delivery and writes nothing. They fit the group commit like every
// other insert.

import { sql, type Compilable, type CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import { PreparedQuery, type Placeholders } from './prepared-query.js';
import { withFollowers } from './followers.js';
import { jobRecord, type JobRecord } from '../domain/job.js';
import { deliveryJobsStatement } from './jobs.js';
import type { EpochMs } from '../domain/records.js';
import type { AttemptOutcome, DeliveryState, DeliveryWork, EventType, WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../domain/webhooks.js';
import { isEventType } from '../domain/webhooks.js';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The job kind that sends one delivery (app/job-kinds.ts registers its handler). */
export const DELIVERY_JOB_KIND = 'webhook-delivery';

/** A delivery's job retries on the webhook ladder, not the runner's: its tries are not what ends it. */
export const DELIVERY_JOB_MAX_ATTEMPTS = 1_000_000;

/** The longest answer start and error an attempt keeps, characters. */
const ATTEMPT_TEXT_MAX = 1_024;

/** What no text column holds on every store: NUL (PostgreSQL text) and halves of a surrogate pair (not UTF-8). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A receiver's words (its answer, or an error that quotes it) as text every store can hold: at most
 * `max` characters, never half a pair, and U+FFFD for each character a text column cannot take. A
 * receiver answers what it likes; its attempt is recorded whatever the bytes.
 */
export function storableText(text: string, max: number): string {
  let cut = text.length > max ? text.slice(0, max) : text;
  // A cut between the halves of a pair leaves a lone high half: dropped, not replaced.
  if (cut.length < text.length && /[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.replace(UNSTORABLE, '\ufffd');
}

/** The most of a receiver's answer an attempt keeps, in UTF-8 bytes: the first KiB, never more. */
export const RESPONSE_START_MAX_BYTES = 1_024;

/**
 * `text` cut to at most `maxBytes` of UTF-8, at a character's boundary. The sender keeps the answer's
 * first KiB of bytes, but bytes that are not UTF-8 come back as U+FFFD (three bytes each), so the
 * text it hands over can be longer than the KiB it read.
 */
export function byteCapped(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Back over the continuation bytes (10xxxxxx) of a character the cut would split.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

const typesText = (types: readonly EventType[]): string => (types.length === 0 ? '' : `,${types.join(',')},`);

function typesOf(text: string): EventType[] {
  return text.split(',').filter(isEventType);
}

/** A stored event's type; anything else is a corrupt row, said so rather than read as PAYMENT. */
function eventTypeOf(text: string): EventType {
  if (!isEventType(text)) throw new Error(`unknown event type in the database: ${JSON.stringify(text)}`);
  return text;
}

export const endpointToRow = (e: WebhookEndpoint): WebhookEndpointsTable => ({
  id: e.id,
  entity_id: e.entityId,
  payment_id: e.paymentId,
  url: e.url,
  event_types: typesText(e.eventTypes),
  secret: e.sealedSecret,
  state: e.state,
  disabled_reason: e.disabledReason,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

export const endpointFromRow = (r: Selectable<WebhookEndpointsTable>): WebhookEndpoint => ({
  id: r.id,
  entityId: r.entity_id,
  paymentId: r.payment_id,
  url: r.url,
  eventTypes: typesOf(r.event_types),
  sealedSecret: r.secret,
  state: r.state,
  disabledReason: r.disabled_reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const deliveryFromRow = (r: Selectable<WebhookDeliveriesTable>): WebhookDelivery => ({
  id: r.id,
  eventId: r.event_id,
  endpointId: r.endpoint_id,
  state: r.state,
  attempts: r.attempts,
  firstAttemptAt: r.first_attempt_at,
  nextAttemptAt: r.next_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const attemptFromRow = (r: Selectable<WebhookAttemptsTable>): WebhookAttempt => ({
  number: r.number,
  at: r.at,
  status: r.status,
  latencyMs: r.latency_ms,
  responseStart: r.response_start,
  error: r.error,
  relayId: r.relay_id,
});

/** A notificationUrl's endpoint has one id per payment: made once, whichever event comes first. */
export const notificationEndpointId = (paymentId: string): string => `n${paymentId}`;

type EventValues = 'eventId' | 'entityId' | 'type' | 'action' | 'recordId' | 'payload' | 'at';

/**
 * The statements of the hot path, compiled once (prepared-query.ts): an event's writes and fan-out
 * go with every payment, and a delivery's read and record with every attempt.
 */
export class WebhookStatements {
  readonly #notificationEndpoint: PreparedQuery<'id' | 'entityId' | 'paymentId' | 'url' | 'at'>;
  readonly #event: PreparedQuery<EventValues>;
  readonly #fanOut: PreparedQuery<'eventId' | 'entityId' | 'typePattern' | 'at'>;
  readonly #fanOutWithPayment: PreparedQuery<'eventId' | 'entityId' | 'typePattern' | 'at' | 'paymentId'>;
  readonly #jobs: PreparedQuery<'eventId' | 'at' | 'requestId'>;
  readonly #load: PreparedQuery<'deliveryId'>;
  readonly #attempt: PreparedQuery<'deliveryId' | 'number' | 'at' | 'status' | 'latencyMs' | 'responseStart' | 'error' | 'relayId'>;
  readonly #decide: PreparedQuery<'deliveryId' | 'state' | 'at' | 'nextAttemptAt' | 'status' | 'error' | 'deliveredAt' | 'now'>;
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
    this.#db = db;
    // Whether an endpoint wants a type: a search for ",TYPE," in its list. Not LIKE with a bound
    // pattern: SQLite then spends ten times the rest of the statement on it, on every payment.
    const wants = (types: unknown) => (dialect === 'sqlite' ? sql`instr(w.event_types, ${types}) > 0` : sql`strpos(w.event_types, ${types}) > 0`);
    this.#notificationEndpoint = new PreparedQuery(db, ['id', 'entityId', 'paymentId', 'url', 'at'], (d, v) =>
      d
        .insertInto('webhook_endpoints')
        .values({ id: v.id, entity_id: v.entityId, payment_id: v.paymentId, url: v.url, event_types: '', secret: '', state: 'active', disabled_reason: null, created_at: v.at, updated_at: v.at })
        .onConflict((oc) => oc.column('id').doNothing()),
    );
    // Written after the fan-out, and only when it made a delivery: an event no endpoint wants would
    // never be read, and it was most of what the outbox cost a payment (its payload is the size of
    // the payment's own answer). SQLite runs it only then (followers.ts); a PostgreSQL batch sends
    // it whatever the fan-out did, so it looks for the delivery itself.
    this.#event = new PreparedQuery(db, ['eventId', 'entityId', 'type', 'action', 'recordId', 'payload', 'at'], (d, v) => ({
      compile: () =>
        sql`insert into webhook_events (id, entity_id, type, action, record_id, payload, created_at)
            select cast(${v.eventId} as text), cast(${v.entityId} as text), cast(${v.type} as text), cast(${v.action} as text), cast(${v.recordId} as text), cast(${v.payload} as text), cast(${v.at} as bigint)
             where exists (select 1 from webhook_deliveries d where d.event_id = ${v.eventId})`.compile(d),
    }));
    // Typed casts, so PostgreSQL takes a parameter in a select list as the type it is, not as text.
    const fanOut = (forPayment: boolean) => (d: Kysely<Database>, v: Placeholders<'eventId' | 'entityId' | 'typePattern' | 'at' | 'paymentId'>): Compilable => ({
      compile: () =>
        sql`insert into webhook_deliveries (id, event_id, endpoint_id, state, attempts, first_attempt_at, next_attempt_at, last_status, last_error, delivered_at, created_at, updated_at)
            select cast(${v.eventId} as text) || w.id, ${v.eventId}, w.id, 'pending', 0, null, cast(${v.at} as bigint), null, null, null, cast(${v.at} as bigint), cast(${v.at} as bigint)
              from webhook_endpoints w
             where w.state = 'active'
               and ((w.payment_id is null and w.entity_id = ${v.entityId} and (w.event_types = '' or ${wants(v.typePattern)}))${forPayment ? sql` or w.payment_id = ${v.paymentId}` : sql``})`.compile(d),
    });
    this.#fanOut = new PreparedQuery(db, ['eventId', 'entityId', 'typePattern', 'at'], (d, v) => fanOut(false)(d, { ...v, paymentId: undefined as never }));
    this.#fanOutWithPayment = new PreparedQuery(db, ['eventId', 'entityId', 'typePattern', 'at', 'paymentId'], fanOut(true));
    this.#jobs = deliveryJobsStatement(db, DELIVERY_JOB_KIND, DELIVERY_JOB_MAX_ATTEMPTS);
    this.#load = new PreparedQuery(db, ['deliveryId'], (d, v) =>
      d
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
        .selectAll('d')
        .select(['e.entity_id as e_entity_id', 'e.type as e_type', 'e.action as e_action', 'e.record_id as e_record_id', 'e.payload as e_payload', 'e.created_at as e_created_at'])
        .select(['w.entity_id as w_entity_id', 'w.payment_id as w_payment_id', 'w.url as w_url', 'w.event_types as w_event_types', 'w.secret as w_secret', 'w.state as w_state', 'w.disabled_reason as w_disabled_reason', 'w.created_at as w_created_at', 'w.updated_at as w_updated_at'])
        .where('d.id', '=', v.deliveryId),
    );
    this.#attempt = new PreparedQuery(db, ['deliveryId', 'number', 'at', 'status', 'latencyMs', 'responseStart', 'error', 'relayId'], (d, v) =>
      d
        .insertInto('webhook_attempts')
        .values({ delivery_id: v.deliveryId, number: v.number, at: v.at, status: v.status, latency_ms: v.latencyMs, response_start: v.responseStart, error: v.error, relay_id: v.relayId })
        .onConflict((oc) => oc.columns(['delivery_id', 'number', 'at']).doNothing()),
    );
    this.#decide = new PreparedQuery(db, ['deliveryId', 'state', 'at', 'nextAttemptAt', 'status', 'error', 'deliveredAt', 'now'], (d, v) =>
      d
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          state: v.state,
          attempts: eb('attempts', '+', 1),
          first_attempt_at: eb.fn.coalesce('first_attempt_at', sql<number>`cast(${v.at} as bigint)`),
          next_attempt_at: v.nextAttemptAt,
          last_status: v.status,
          last_error: v.error,
          delivered_at: v.deliveredAt,
          updated_at: v.now,
        }))
        .where('id', '=', v.deliveryId)
        .where('state', '=', 'pending'),
    );
  }

  /** The statements that write events and fan them out to deliveries and delivery jobs. */
  emit(events: readonly WebhookEvent[]): CompiledQuery[] {
    const queries: CompiledQuery[] = [];
    for (const e of events) {
      if (e.notificationUrl !== undefined && e.rootPaymentId !== null) {
        queries.push(this.#notificationEndpoint.compile({ id: notificationEndpointId(e.rootPaymentId), entityId: e.entityId, paymentId: e.rootPaymentId, url: e.notificationUrl, at: e.createdAt }));
      }
      // One set of values for both statements: the one without a payment reads no paymentId.
      const fan = { eventId: e.id, entityId: e.entityId, typePattern: `,${e.type},`, at: e.createdAt, paymentId: e.rootPaymentId };
      const fanOut = fan.paymentId === null ? this.#fanOut.compile(fan) : this.#fanOutWithPayment.compile(fan);
      // The event and its delivery jobs only when the fan-out made a delivery: the payload is read
      // (and built) only then.
      queries.push(
        withFollowers(fanOut, () => [
          this.#event.compile({ eventId: e.id, entityId: e.entityId, type: e.type, action: e.action, recordId: e.recordId, payload: e.payload, at: e.createdAt }),
          this.#jobs.compile({ eventId: e.id, at: e.createdAt, requestId: e.requestId ?? null }),
        ]),
      );
    }
    return queries;
  }

  /** The delivery with its event and endpoint, in one read. */
  async load(deliveryId: string, db: Kysely<Database> = this.#db): Promise<DeliveryWork | undefined> {
    const { rows } = await db.executeQuery<DeliveryWorkRow>(this.#load.compile({ deliveryId }));
    const row = rows[0];
    return row && deliveryWorkFromRow(row);
  }

  /**
   * An attempt and what it decided, in one transaction: the attempt row, the delivery's new state
   * (only while it is still pending: a redelivery or a second sender that finished first wins), and a
   * 410's disabling of the endpoint.
   */
  recordAttempt(delivery: WebhookDelivery, outcome: AttemptOutcome, now: EpochMs): CompiledQuery[] {
    const a = outcome.attempt;
    const error = a.error === null ? null : storableText(a.error, ATTEMPT_TEXT_MAX);
    const responseStart = a.responseStart === null ? null : byteCapped(storableText(a.responseStart, ATTEMPT_TEXT_MAX), RESPONSE_START_MAX_BYTES);
    const queries = [
      this.#attempt.compile({ deliveryId: delivery.id, number: a.number, at: a.at, status: a.status, latencyMs: Math.round(a.latencyMs), responseStart, error, relayId: a.relayId }),
      this.#decide.compile({ deliveryId: delivery.id, state: outcome.state, at: a.at, nextAttemptAt: outcome.nextAttemptAt, status: a.status, error, deliveredAt: outcome.state === 'delivered' ? a.at : null, now }),
    ];
    if (outcome.disableEndpoint !== undefined) {
      queries.push(
        this.#db
          .updateTable('webhook_endpoints')
          .set({ state: 'disabled', disabled_reason: outcome.disableEndpoint, updated_at: now })
          .where('id', '=', delivery.endpointId)
          .where('state', '=', 'active')
          .compile(),
      );
    }
    return queries;
  }
}

export async function insertEndpoint(db: Executor, endpoint: WebhookEndpoint): Promise<void> {
  await db.insertInto('webhook_endpoints').values(endpointToRow(endpoint)).execute();
}

export interface EndpointChange {
  url?: string;
  eventTypes?: EventType[];
  state?: WebhookEndpoint['state'];
  disabledReason?: string | null;
}

/** Changes an endpoint of the entity (never a removed one); false when there is none. */
export async function updateEndpoint(db: Executor, entityId: string, id: string, change: EndpointChange, now: EpochMs): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.eventTypes !== undefined ? { event_types: typesText(change.eventTypes) } : {}),
      ...(change.state !== undefined ? { state: change.state } : {}),
      ...(change.disabledReason !== undefined ? { disabled_reason: change.disabledReason } : {}),
      updated_at: now,
    })
    .where('entity_id', '=', entityId)
    .where('id', '=', id)
    .where('state', '!=', 'removed')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findEndpoint(db: Executor, entityId: string, id: string): Promise<WebhookEndpoint | undefined> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('entity_id', '=', entityId).where('id', '=', id).where('state', '!=', 'removed').executeTakeFirst();
  return row && endpointFromRow(row);
}

/** The entity's own endpoints (not the notificationUrl ones), oldest first. */
export async function listEndpoints(db: Executor, entityId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('payment_id', 'is', null)
    .where('state', '!=', 'removed')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(endpointFromRow);
}

type DeliveryWorkRow = Selectable<WebhookDeliveriesTable> & {
  e_entity_id: string;
  e_record_id: string;
  e_type: string;
  e_action: string | null;
  e_payload: string;
  e_created_at: number;
  w_entity_id: string;
  w_payment_id: string | null;
  w_url: string;
  w_event_types: string;
  w_secret: string;
  w_state: WebhookEndpointsTable['state'];
  w_disabled_reason: string | null;
  w_created_at: number;
  w_updated_at: number;
};

function deliveryWorkFromRow(row: DeliveryWorkRow): DeliveryWork {
  return {
    delivery: deliveryFromRow(row),
    event: { id: row.event_id, entityId: row.e_entity_id, recordId: row.e_record_id, type: eventTypeOf(row.e_type), action: row.e_action as WebhookEvent['action'], payload: row.e_payload, createdAt: Number(row.e_created_at) },
    endpoint: endpointFromRow({
      id: row.endpoint_id,
      entity_id: row.w_entity_id,
      payment_id: row.w_payment_id,
      url: row.w_url,
      event_types: row.w_event_types,
      secret: row.w_secret,
      state: row.w_state,
      disabled_reason: row.w_disabled_reason,
      created_at: row.w_created_at,
      updated_at: row.w_updated_at,
    }),
  };
}

/** Ends a delivery whose endpoint no longer takes events (removed, deactivated, disabled). */
export function cancelDeliveryQuery(db: Executor, deliveryId: string, reason: string, now: EpochMs): CompiledQuery {
  return db
    .updateTable('webhook_deliveries')
    .set({ state: 'cancelled', next_attempt_at: null, last_error: reason, updated_at: now })
    .where('id', '=', deliveryId)
    .where('state', '=', 'pending')
    .compile();
}

export interface DeliveryListing {
  delivery: WebhookDelivery;
  type: EventType;
  action: WebhookEvent['action'];
  recordId: string;
  attempts: WebhookAttempt[];
}

export interface DeliveryFilter {
  state?: DeliveryState;
  /** Created at or after. */
  since?: EpochMs;
  /** The delivery of one event. */
  eventId?: string;
  /** Older than this delivery (the last of the previous page): newest first, page after page. */
  before?: { createdAt: EpochMs; id: string };
  limit: number;
}

/** The attempts of each delivery, oldest first, in one query. */
async function attemptsByDelivery(db: Executor, deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>> {
  const attempts = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', [...deliveryIds]).orderBy('at').orderBy('number').execute();
  const byDelivery = new Map<string, WebhookAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.delivery_id) ?? [];
    list.push(attemptFromRow(a));
    byDelivery.set(a.delivery_id, list);
  }
  return byDelivery;
}

/** An endpoint's deliveries, newest first, with every attempt, oldest attempt first. */
export async function listDeliveries(db: Executor, endpointId: string, filter: DeliveryFilter): Promise<DeliveryListing[]> {
  let q = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type as e_type', 'e.action as e_action', 'e.record_id as e_record_id'])
    .where('d.endpoint_id', '=', endpointId);
  if (filter.state !== undefined) q = q.where('d.state', '=', filter.state);
  if (filter.since !== undefined) q = q.where('d.created_at', '>=', filter.since);
  if (filter.eventId !== undefined) q = q.where('d.event_id', '=', filter.eventId);
  const before = filter.before;
  // A row comparison, which both stores answer from the (endpoint_id, [state,] created_at, id) index.
  if (before !== undefined) q = q.where((eb) => eb(eb.refTuple('d.created_at', 'd.id'), '<', eb.tuple(before.createdAt, before.id)));
  const rows = await q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(filter.limit).execute();
  if (rows.length === 0) return [];
  const byDelivery = await attemptsByDelivery(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    delivery: deliveryFromRow(r),
    type: eventTypeOf(r.e_type),
    action: r.e_action as WebhookEvent['action'],
    recordId: r.e_record_id,
    attempts: byDelivery.get(r.id) ?? [],
  }));
}

export interface RedeliverySelection {
  endpointId: string;
  /** One event; or every failed delivery of the endpoint created since `failedSince`. */
  eventId?: string;
  failedSince?: EpochMs;
  /** The request that asks for it: the deliveries' new jobs log under its id. */
  requestId?: string;
}

/** Deliveries a redelivery sends again: the selection's, except those still pending (on their way). */
export async function redeliverable(db: Kysely<Database>, selection: RedeliverySelection): Promise<string[]> {
  let q = db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', selection.endpointId).where('state', '!=', 'pending');
  if (selection.eventId !== undefined) q = q.where('event_id', '=', selection.eventId);
  if (selection.failedSince !== undefined) q = q.where('state', '=', 'failed').where('created_at', '>=', selection.failedSince);
  return (await q.execute()).map((r) => r.id);
}

/** Puts deliveries back to pending, for a new round of the ladder from `now` (a delivery still pending is left alone). */
export async function requeueDeliveries(db: Kysely<Database>, ids: readonly string[], now: EpochMs): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', first_attempt_at: null, next_attempt_at: now, delivered_at: null, updated_at: now })
    .where('id', 'in', [...ids])
    .where('state', '!=', 'pending')
    .execute();
}

/** The job that sends a delivery (webhooks/deliver.ts), grouped by its endpoint. */
export function deliveryJob(deliveryId: string, endpointId: string, now: EpochMs, requestId?: string): JobRecord {
  return jobRecord({ kind: DELIVERY_JOB_KIND, payload: { deliveryId }, runAt: now, maxAttempts: DELIVERY_JOB_MAX_ATTEMPTS, groupKey: endpointId, ...(requestId ? { requestId } : {}) }, now, DELIVERY_JOB_MAX_ATTEMPTS);
}

/** The events told of one record, oldest first (tests and support: a scan, there is no index for it). */
export async function eventsOfRecord(db: Executor, recordId: string): Promise<WebhookEvent[]> {
  const rows = await db.selectFrom('webhook_events').selectAll().where('record_id', '=', recordId).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    entityId: r.entity_id,
    type: eventTypeOf(r.type),
    action: r.action as WebhookEvent['action'],
    recordId: r.record_id,
    rootPaymentId: null,
    payload: r.payload,
    createdAt: r.created_at,
  }));
}

/** A delivery of an event told of one of a payment's records: what the back office shows of it. */
export interface RecordDelivery {
  recordId: string;
  type: EventType;
  action: WebhookEvent['action'];
  deliveryId: string;
  endpointId: string;
  /** Where it goes: an endpoint's URL or the payment's notificationUrl (never the secret). */
  url: string;
  state: DeliveryState;
  /** Oldest first. */
  attempts: WebhookAttempt[];
}

/**
 * The deliveries of the events an entity's records told of, oldest event first, each with its
 * attempts (two queries: the deliveries, then their attempts by the attempts' key). The events are
 * found by entity and record without an index of their own (see migration 010).
 */
export async function deliveriesOfRecords(db: Executor, entityId: string, recordIds: readonly string[]): Promise<RecordDelivery[]> {
  if (recordIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_events as e')
    .innerJoin('webhook_deliveries as d', 'd.event_id', 'e.id')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(['e.record_id', 'e.type', 'e.action', 'd.id', 'd.endpoint_id', 'd.state', 'w.url'])
    .where('e.entity_id', '=', entityId)
    .where('e.record_id', 'in', [...recordIds])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .orderBy('d.id')
    .execute();
  if (rows.length === 0) return [];
  const byDelivery = await attemptsByDelivery(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    recordId: r.record_id,
    type: eventTypeOf(r.type),
    action: r.action as WebhookEvent['action'],
    deliveryId: r.id,
    endpointId: r.endpoint_id,
    url: r.url,
    state: r.state,
    attempts: byDelivery.get(r.id) ?? [],
  }));
}

/** The deliveries of an entity's records that a redelivery sends again (not those still pending), with their endpoints. */
export async function redeliverableOfRecords(db: Executor, entityId: string, recordIds: readonly string[]): Promise<{ id: string; endpointId: string }[]> {
  if (recordIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_events as e')
    .innerJoin('webhook_deliveries as d', 'd.event_id', 'e.id')
    .select(['d.id', 'd.endpoint_id'])
    .where('e.entity_id', '=', entityId)
    .where('e.record_id', 'in', [...recordIds])
    .where('d.state', '!=', 'pending')
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({ id: r.id, endpointId: r.endpoint_id }));
}

/** A delivery of one event, to whichever endpoint: the back office's view of an event. */
export interface EventDelivery extends DeliveryListing {
  endpointId: string;
  /** Where it goes: an endpoint's URL or a payment's notificationUrl (never the secret). */
  url: string;
  /** Set for a payment's notificationUrl rather than a registered endpoint. */
  paymentId: string | null;
}

/** The deliveries of one event of the given entities, each with its attempts (by the event's unique index). */
export async function deliveriesOfEvent(db: Executor, entityIds: readonly string[], eventId: string): Promise<EventDelivery[]> {
  if (entityIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .selectAll('d')
    .select(['e.type as e_type', 'e.action as e_action', 'e.record_id as e_record_id', 'w.url as w_url', 'w.payment_id as w_payment_id'])
    .where('d.event_id', '=', eventId)
    .where('e.entity_id', 'in', [...entityIds])
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
  if (rows.length === 0) return [];
  const byDelivery = await attemptsByDelivery(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    delivery: deliveryFromRow(r),
    type: eventTypeOf(r.e_type),
    action: r.e_action as WebhookEvent['action'],
    recordId: r.e_record_id,
    attempts: byDelivery.get(r.id) ?? [],
    endpointId: r.endpoint_id,
    url: r.w_url,
    paymentId: r.w_payment_id,
  }));
}

/** A registered endpoint (not a notificationUrl's) of one of the entities, never a removed one. */
export async function findEndpointAmong(db: Executor, entityIds: readonly string[], id: string): Promise<WebhookEndpoint | undefined> {
  if (entityIds.length === 0) return undefined;
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('entity_id', 'in', [...entityIds])
    .where('payment_id', 'is', null)
    .where('state', '!=', 'removed')
    .executeTakeFirst();
  return row && endpointFromRow(row);
}

/** A merchant's next webhook secret, sealed, and when the relay starts sealing with it. */
export interface SecretRotation {
  merchantId: string;
  sealedSecret: string;
  switchAt: EpochMs;
  createdAt: EpochMs;
}

export async function findSecretRotation(db: Executor, merchantId: string): Promise<SecretRotation | undefined> {
  const row = await db.selectFrom('webhook_secret_rotations').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
  return row && { merchantId: row.merchant_id, sealedSecret: row.secret, switchAt: Number(row.switch_at), createdAt: Number(row.created_at) };
}

/** Writes the merchant's rotation, replacing one it had. */
export async function putSecretRotation(db: Executor, rotation: SecretRotation): Promise<void> {
  const values = { merchant_id: rotation.merchantId, secret: rotation.sealedSecret, switch_at: rotation.switchAt, created_at: rotation.createdAt };
  await db
    .insertInto('webhook_secret_rotations')
    .values(values)
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ secret: values.secret, switch_at: values.switch_at, created_at: values.created_at }))
    .execute();
}
