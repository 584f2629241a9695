// The back office for a test: a relay's context on a fresh SQLite file with a ManualClock, a
// merchant with one channel (and a second merchant, for tests that nothing of another merchant
// shows), the back office app, and people signed in through POST /api/session.
//
//   const bo = await startBackoffice();
//   const ann = await bo.signIn('support');                  // an active support agent, signed in
//   const res = await ann.get('/api/session');               // app.inject with her cookie
//   await ann.post('/api/session/sign-out-everywhere');      // + Origin and X-CSRF-Token
//   bo.clock.advance(31 * 60_000);                            // sessions age on the injected clock
//   await bo.close();
//
// Passwords are hashed at a low scrypt cost here (verifyPassword reads the cost from the hash), so
// a sign-in takes milliseconds; the relay itself hashes at the full cost. Requests come from
// 127.0.0.1 unless a test injects its own remoteAddress: the throttle locks an address after 20
// failed sign-ins in 15 minutes (domain/sign-in-throttle.ts), so a test that fails many sign-ins
// gives them addresses of their own.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../src/app/context.js';
import { closeAll } from '../../src/app/closers.js';
import { createContext } from '../../src/app/create-context.js';
import { buildBackofficeApp, type BackofficeAppOptions } from '../../src/backoffice/app.js';
import type { Me } from '../../src/backoffice/me.js';
import { defaultConfig, type Config } from '../../src/config/config.js';
import { hashPassword } from '../../src/crypto/passwords.js';
import { randomHex } from '../../src/crypto/tokens.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { Role } from '../../src/domain/roles.js';
import type { UserRecord } from '../../src/domain/users.js';
import { createEntity, createMerchant } from '../../src/merchants/bootstrap.js';
import type { Store } from '../../src/storage/store.js';

/** The back office's origin in tests, unless one is given. */
export const TEST_BACKOFFICE_URL = 'http://backoffice.test';
/** Cheap enough for tests, and still a hash verifyPassword reads; the back office hashes new passwords at it too. */
export const TEST_SCRYPT = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

export interface TestMerchantOfBackoffice {
  merchantId: string;
  /** Its one channel. */
  entityId: string;
}

export interface NewUser {
  /** The merchant (default: the harness's first merchant). */
  merchantId?: string;
  channelIds?: readonly string[] | null;
  email?: string;
  password?: string;
  status?: UserRecord['status'];
}

/** Requests as one browser: its cookie (once signed in), the back office's Origin, and the session's CSRF token. */
export interface BackofficeClient {
  /** The user, as created (null for a client that never signed in). */
  user: UserRecord | null;
  /** The password the user was created with. */
  password: string;
  /** The answer of the sign-in (Me), when it succeeded. */
  me: Me | null;
  /** The session cookie's value (undefined until signed in). */
  cookie: string | undefined;
  /** The CSRF token sent with every request (the sign-in's; rotateSession changes it: set it again). */
  csrfToken: string | undefined;
  /** The other cookies the back office set (a second factor's pending set-up), sent back as a browser does. */
  otherCookies: Map<string, string>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Any request with this client's cookie, Origin and token; `headers` override them (undefined removes one). */
  request(options: { method: InjectOptions['method']; url: string; body?: unknown; headers?: Record<string, string | undefined> }): Promise<LightMyRequestResponse>;
}

export interface BackofficeHarness {
  app: FastifyInstance;
  ctx: AppContext;
  store: Store;
  clock: ManualClock;
  /** BACKOFFICE_PUBLIC_URL of this back office (its origin). */
  publicUrl: string;
  merchant: TestMerchantOfBackoffice;
  /** A second merchant, for isolation tests. */
  otherMerchant: TestMerchantOfBackoffice;
  /** A further channel of a merchant; answers its entity id. */
  addEntity(merchantId: string): Promise<string>;
  /** An active user (unless `status` says otherwise) with a password, written to the store. */
  createUser(role: Role, options?: NewUser): Promise<{ user: UserRecord; password: string }>;
  /** Creates an active user of `role` and signs them in through POST /api/session; throws unless it answers 200. */
  signIn(role: Role, options?: NewUser): Promise<BackofficeClient>;
  /** A browser that is not signed in (it still sends the back office's Origin). */
  anonymous(): BackofficeClient;
  /** A client for an existing user with its password, not yet signed in (call its post('/api/session', …)). */
  clientOf(user: UserRecord | null, password: string): BackofficeClient;
  close(): Promise<void>;
}

export interface BackofficeHarnessOptions {
  /** BACKOFFICE_PUBLIC_URL (default http://backoffice.test). */
  publicUrl?: string;
  /** Where the pages are read from (default: an empty folder, so pages answer 503). */
  distDir?: string;
  config?: Partial<Config>;
  routeSets?: BackofficeAppOptions['routeSets'];
  /** The back office's logger (default none), for tests that read what it logs. */
  logger?: BackofficeAppOptions['logger'];
}

/** The cookies a response sets, by name ('' for one it clears). */
function cookiesSet(response: LightMyRequestResponse): Map<string, string> {
  const header = response.headers['set-cookie'];
  const set = new Map<string, string>();
  for (const line of Array.isArray(header) ? header : header ? [header] : []) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    set.set(pair.slice(0, eq), /Max-Age=0(;|$)/.test(line) ? '' : pair.slice(eq + 1));
  }
  return set;
}

export async function startBackoffice(options: BackofficeHarnessOptions = {}): Promise<BackofficeHarness> {
  const publicUrl = options.publicUrl ?? TEST_BACKOFFICE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'paywidgets-backoffice-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const config: Config = { ...defaultConfig, dataDir, publicUrl: 'http://relay.test', demoPort: 0, backofficePublicUrl: publicUrl, ...options.config };
  const ctx = await createContext(config, { clock });
  const app = await buildBackofficeApp(ctx, { distDir: options.distDir ?? join(dataDir, 'no-pages'), logger: options.logger ?? false, publicUrl, passwordCost: TEST_SCRYPT, ...(options.routeSets ? { routeSets: options.routeSets } : {}) });
  const origin = new URL(publicUrl).origin;
  const cookieName = app.backofficeCookie.name;

  const addEntity = async (merchantId: string) => (await createEntity(ctx.store, { merchantId, name: 'Channel', settings: {} }, clock.now())).id;
  const addMerchant = async (): Promise<TestMerchantOfBackoffice> => {
    const { merchant } = await createMerchant(ctx.store, { name: 'Merchant' }, clock.now(), ctx.vault);
    return { merchantId: merchant.id, entityId: await addEntity(merchant.id) };
  };
  const merchant = await addMerchant();
  const otherMerchant = await addMerchant();

  async function createUser(role: Role, o: NewUser = {}): Promise<{ user: UserRecord; password: string }> {
    const password = o.password ?? `pw-${randomBytes(12).toString('base64url')}`;
    const now = clock.now();
    const user: UserRecord = {
      id: randomHex(16),
      merchantId: o.merchantId ?? merchant.merchantId,
      email: o.email ?? `${randomHex(6)}@shop.example`,
      passwordHash: await hashPassword(password, TEST_SCRYPT),
      role,
      channelIds: o.channelIds ?? null,
      totpSecret: null,
      totpLastStep: null,
      recoveryCodeHashes: null,
      status: o.status ?? 'active',
      createdAt: now,
      updatedAt: now,
      lastSignInAt: null,
    };
    await ctx.store.users.insert(user);
    return { user, password };
  }

  function clientOf(user: UserRecord | null, password: string): BackofficeClient {
    const client: BackofficeClient = {
      user,
      password,
      me: null,
      cookie: undefined,
      csrfToken: undefined,
      otherCookies: new Map(),
      async request({ method, url, body, headers = {} }) {
        const jar = [...(client.cookie !== undefined ? [`${cookieName}=${client.cookie}`] : []), ...[...client.otherCookies].map(([name, value]) => `${name}=${value}`)];
        const base: Record<string, string | undefined> = {
          origin,
          ...(jar.length > 0 ? { cookie: jar.join('; ') } : {}),
          ...(client.csrfToken !== undefined ? { 'x-csrf-token': client.csrfToken } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        };
        const sent = Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
        const response = await app.inject({ method, url, headers: sent, ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
        // As a browser does: keep the cookie the back office sets, drop it when it clears it.
        for (const [name, value] of cookiesSet(response)) {
          if (name === cookieName) client.cookie = value || undefined;
          else if (value) client.otherCookies.set(name, value);
          else client.otherCookies.delete(name);
        }
        return response;
      },
      get: (url) => client.request({ method: 'GET', url }),
      post: (url, body) => client.request({ method: 'POST', url, body }),
      put: (url, body) => client.request({ method: 'PUT', url, body }),
      patch: (url, body) => client.request({ method: 'PATCH', url, body }),
      delete: (url, body) => client.request({ method: 'DELETE', url, body }),
    };
    return client;
  }

  async function signIn(role: Role, o: NewUser = {}): Promise<BackofficeClient> {
    const { user, password } = await createUser(role, o);
    const client = clientOf(user, password);
    const response = await client.post('/api/session', { email: user.email, password });
    if (response.statusCode !== 200) throw new Error(`sign-in as ${role} answered ${response.statusCode}: ${response.body}`);
    client.me = response.json<Me>();
    client.csrfToken = client.me.csrfToken;
    return client;
  }

  return {
    app,
    ctx,
    store: ctx.store,
    clock,
    publicUrl,
    merchant,
    otherMerchant,
    addEntity,
    createUser,
    signIn,
    anonymous: () => clientOf(null, ''),
    clientOf,
    close: async () => {
      await app.close();
      // The context's own closers, as the process runs them at shutdown: jobs, webhooks, throttle, store.
      if (!(await closeAll(ctx.closers, console))) throw new Error('closing the back office harness failed (logged above)');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
