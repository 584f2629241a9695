// `npm run relay -- webhook …`: an operator's (or a merchant's) webhook tools, through the same
// service as the API (webhooks/service.ts), so an endpoint added here is activated, listed and
// delivered to exactly as one added through POST /v1/webhooks.

import { writeRedelivery } from '../storage/writes/index.js';
import { parseDateTime, systemClock } from '../domain/clock.js';
import type { EntityRecord } from '../domain/records.js';
import { isEventType, type DeliveryState, type EventType, type WebhookEndpoint } from '../domain/webhooks.js';
import type { Store } from '../storage/store.js';
import { startWebhookListener } from '../webhooks/listen.js';
import { EndpointInputError, Webhooks } from '../webhooks/service.js';
import { deliveryView, endpointView } from '../webhooks/views.js';
import { id, parse, str, UsageError, type Values } from './cli-args.js';
import { loadConfig } from '../config/config.js';
import { openStore } from '../storage/index.js';
import type { CardVault } from '../crypto/card-vault.js';
import { cliVault } from './cli-vault.js';
import { dateTimeParts } from '../../../spec/format.js';

type Run = (store: Store, now: number, vault: () => CardVault) => Promise<unknown>;

export const WEBHOOK_USAGE = `  webhook add --entity ID --url URL [--event-type PAYMENT|REGISTRATION|RISK ...] [--inactive]
      adds an endpoint and activates it with a test notification it must acknowledge (2xx);
      prints its secret, shown only once
  webhook list --entity ID
  webhook activate --entity ID --id ENDPOINT_ID
      sends the test notification; acknowledged (2xx), the endpoint is active
  webhook remove --entity ID --id ENDPOINT_ID
  webhook test --entity ID --id ENDPOINT_ID
  webhook deliveries --entity ID --id ENDPOINT_ID [--state pending|delivered|failed|cancelled]
                     [--since "yyyy-MM-dd HH:mm:ss"] [--limit N]
  webhook redeliver --entity ID --id ENDPOINT_ID (--event EVENT_ID | --since "yyyy-MM-dd HH:mm:ss")
      sends one event again, or every failed delivery since that time (UTC)
  webhook listen (--secret HEX | --entity ID) [--port N] [--host ADDRESS]
      a local receiver that decrypts and prints every notification it gets (for development);
      with --entity it adds an endpoint of that entity pointing at itself, activates it with its
      own secret, and removes it when stopped`;

const DELIVERY_STATES: readonly DeliveryState[] = ['pending', 'delivered', 'failed', 'cancelled'];

function since(value: unknown): number | undefined {
  const text = str(value, 'since', false);
  if (text === undefined) return undefined;
  if (!dateTimeParts(text)) throw new UsageError('--since must be a real date and time yyyy-MM-dd HH:mm:ss (UTC)');
  return parseDateTime(text);
}

function eventTypes(values: Values): EventType[] {
  const raw = values['event-type'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((t) => {
    if (typeof t !== 'string' || !isEventType(t)) throw new UsageError(`--event-type must be PAYMENT, REGISTRATION or RISK, got ${JSON.stringify(t)}`);
    return t;
  });
}

async function requireEntity(store: Store, entityId: string): Promise<EntityRecord> {
  const entity = await store.entities.find(entityId);
  if (!entity) throw new UsageError(`no entity with id ${entityId}`);
  return entity;
}

function service(store: Store, vault: CardVault): Webhooks {
  return new Webhooks({ store, vault, clock: systemClock, config: loadConfig() });
}

/** Runs `work` with the service; a refused URL is the operator's mistake (exit 2). */
async function withService<T>(store: Store, vault: CardVault, work: (w: Webhooks) => Promise<T>): Promise<T> {
  const w = service(store, vault);
  try {
    return await work(w);
  } catch (error) {
    if (error instanceof EndpointInputError) throw new UsageError(`--${error.parameter}: ${error.message}`);
    throw error;
  } finally {
    await w.close();
  }
}

const ENDPOINT_OPTIONS = { entity: { type: 'string' }, id: { type: 'string' } } as const;

function endpointArgs(values: Values): { entityId: string; endpointId: string } {
  return { entityId: id(str(values.entity, 'entity', true), '--entity'), endpointId: id(str(values.id, 'id', true), '--id') };
}

function webhookAdd(args: string[]): Run {
  const { values } = parse(args, { entity: { type: 'string' }, url: { type: 'string' }, 'event-type': { type: 'string', multiple: true }, inactive: { type: 'boolean' } });
  const entityId = id(str(values.entity, 'entity', true), '--entity');
  const url = str(values.url, 'url', true);
  const types = eventTypes(values);
  return async (store, _now, vault) => {
    const entity = await requireEntity(store, entityId);
    return withService(store, vault(), async (w) => {
      const created = await w.create(entity, { url, eventTypes: types, active: values.inactive !== true });
      return { ...endpointView(created.endpoint), secret: created.secret, ...(created.activation ? { activation: created.activation } : {}) };
    });
  };
}

function webhookList(args: string[]): Run {
  const { values } = parse(args, { entity: { type: 'string' } });
  const entityId = id(str(values.entity, 'entity', true), '--entity');
  return async (store) => {
    await requireEntity(store, entityId);
    return (await store.webhooks.listEndpoints(entityId)).map(endpointView);
  };
}

/** The entity and one of its endpoints, or a usage error naming what is not there. */
async function requireEndpoint(store: Store, entityId: string, endpointId: string): Promise<{ entity: EntityRecord; endpoint: WebhookEndpoint }> {
  const entity = await requireEntity(store, entityId);
  const endpoint = await store.webhooks.findEndpoint(entityId, endpointId);
  if (!endpoint) throw new UsageError(`no endpoint ${endpointId} on entity ${entityId}`);
  return { entity, endpoint };
}

/** A command on one endpoint of an entity, with the service. */
function onEndpoint(args: string[], work: (w: Webhooks, entity: EntityRecord, endpoint: WebhookEndpoint) => Promise<unknown>): Run {
  const { values } = parse(args, ENDPOINT_OPTIONS);
  const { entityId, endpointId } = endpointArgs(values);
  return async (store, _now, vault) => {
    const { entity, endpoint } = await requireEndpoint(store, entityId, endpointId);
    return withService(store, vault(), (w) => work(w, entity, endpoint));
  };
}

const webhookRemove = (args: string[]): Run =>
  onEndpoint(args, async (w, entity, endpoint) => {
    await w.remove(entity, endpoint.id);
    return { id: endpoint.id, state: 'removed' };
  });

const webhookTest = (args: string[]): Run => onEndpoint(args, async (w, _entity, endpoint) => ({ id: endpoint.id, test: await w.test(endpoint) }));

const webhookActivate = (args: string[]): Run =>
  onEndpoint(args, async (w, entity, endpoint) => {
    const { endpoint: after, activation } = await w.activate(entity, endpoint);
    return { ...endpointView(after), activation };
  });

function webhookDeliveries(args: string[]): Run {
  const { values } = parse(args, { ...ENDPOINT_OPTIONS, state: { type: 'string' }, since: { type: 'string' }, limit: { type: 'string' } });
  const { entityId, endpointId } = endpointArgs(values);
  const state = str(values.state, 'state', false);
  if (state !== undefined && !DELIVERY_STATES.includes(state as DeliveryState)) throw new UsageError(`--state must be one of ${DELIVERY_STATES.join(', ')}`);
  const limitText = str(values.limit, 'limit', false) ?? '100';
  if (!/^[1-9][0-9]{0,3}$/.test(limitText)) throw new UsageError('--limit must be a whole number from 1 to 9999');
  const from = since(values.since);
  return async (store) => {
    await requireEndpoint(store, entityId, endpointId);
    const listed = await store.webhooks.listDeliveries(endpointId, { limit: Number.parseInt(limitText, 10), ...(state ? { state: state as DeliveryState } : {}), ...(from !== undefined ? { since: from } : {}) });
    return listed.map(deliveryView);
  };
}

function webhookRedeliver(args: string[]): Run {
  const { values } = parse(args, { ...ENDPOINT_OPTIONS, event: { type: 'string' }, since: { type: 'string' } });
  const { entityId, endpointId } = endpointArgs(values);
  const eventText = str(values.event, 'event', false);
  const eventId = eventText === undefined ? undefined : id(eventText, '--event');
  const from = since(values.since);
  if ((eventId === undefined) === (from === undefined)) throw new UsageError('give either --event EVENT_ID or --since "yyyy-MM-dd HH:mm:ss"');
  return async (store, now) => {
    await requireEndpoint(store, entityId, endpointId);
    const ids = await writeRedelivery(store, { endpointId, ...(eventId ? { eventId } : {}), ...(from !== undefined ? { failedSince: from } : {}) }, now);
    return { id: endpointId, redelivered: ids.length, deliveryIds: ids };
  };
}

export const WEBHOOK_COMMANDS: Record<string, (args: string[]) => Run> = {
  'webhook add': webhookAdd,
  'webhook list': webhookList,
  'webhook activate': webhookActivate,
  'webhook remove': webhookRemove,
  'webhook test': webhookTest,
  'webhook deliveries': webhookDeliveries,
  'webhook redeliver': webhookRedeliver,
};

/**
 * `webhook listen`: needs no store. Prints each notification until interrupted; resolves with the
 * exit code once the receiver is closed (SIGINT or SIGTERM).
 */
export async function webhookListen(args: string[]): Promise<number> {
  const { values } = parse(args, { secret: { type: 'string' }, entity: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } });
  const given = str(values.secret, 'secret', false);
  const entityText = str(values.entity, 'entity', false);
  if ((given === undefined) === (entityText === undefined)) throw new UsageError('give either --secret HEX (the secret of an endpoint that points here) or --entity ID (an endpoint is added for this session)');
  if (given !== undefined && !/^[0-9a-fA-F]{64}$/.test(given)) throw new UsageError('--secret must be the 64 hex characters of the webhook secret');
  const entityId = entityText === undefined ? undefined : id(entityText, '--entity');
  const portText = str(values.port, 'port', false) ?? '4567';
  if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) > 65_535) throw new UsageError('--port must be a TCP port, 0 to 65535');
  if (entityId !== undefined && Number(portText) === 0) throw new UsageError('--entity needs a fixed --port: the endpoint is added before the receiver starts');
  const host = str(values.host, 'host', false) ?? '127.0.0.1';
  const write = (line: string) => process.stdout.write(`${line}\n`);
  const session = entityId === undefined ? undefined : await listenSession(entityId, `http://${host.includes(':') ? `[${host}]` : host}:${portText}/`);
  try {
    const secretHex = session?.secret ?? given ?? '';
    const listener = await startWebhookListener({ host, port: Number(portText), secretHex, write });
    process.stderr.write(`listening on ${listener.url}: point a webhook endpoint (or notificationUrl) at it; Ctrl-C stops\n`);
    if (session) process.stderr.write(`${JSON.stringify(await session.activate())}\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await listener.close();
  } finally {
    await session?.end();
  }
  return 0;
}

/** `webhook listen --entity`: an endpoint of the entity pointing at the listener, for this session only. */
async function listenSession(entityId: string, url: string): Promise<{ secret: string; activate(): Promise<unknown>; end(): Promise<void> }> {
  const config = loadConfig();
  const store = await openStore(config);
  await store.migrate();
  const w = new Webhooks({ store, vault: (await cliVault(config, store))(), clock: systemClock, config });
  try {
    const entity = await requireEntity(store, entityId);
    const created = await w.create(entity, { url, eventTypes: [], active: false });
    return {
      secret: created.secret,
      activate: async () => {
        const { endpoint, activation } = await w.activate(entity, created.endpoint);
        return { ...endpointView(endpoint), activation };
      },
      end: async () => {
        await store.webhooks.updateEndpoint(entityId, created.endpoint.id, { state: 'removed' }, Date.now());
        await w.close();
        await store.close();
      },
    };
  } catch (error) {
    await w.close();
    await store.close();
    if (error instanceof EndpointInputError) throw new UsageError(`--host: ${error.message}`);
    throw error;
  }
}
