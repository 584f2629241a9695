// The store's watcher: an outage turns into the API's 503 and is logged once; only a call that began
// during the outage and succeeded ends it (a slow call from before it proves nothing).
import { describe, expect, it } from 'vitest';
import { DatabaseStatus, DatabaseUnavailableError, watchStore } from '../../src/app/database-status.js';
import type { Store } from '../../src/storage/store.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A store whose ping answers as told, call by call. */
function scriptedStore() {
  const answers: (() => Promise<void>)[] = [];
  const store = { dialect: 'postgres', ping: () => (answers.shift() ?? (() => Promise.resolve()))(), merchants: { count: () => Promise.reject(new Error('a bug')) } };
  return { store: store as unknown as Store, answers };
}

function recordingLog() {
  const lines: string[] = [];
  return { lines, log: { error: (_o: object, msg: string) => lines.push(`error ${msg}`), info: (_o: object, msg: string) => lines.push(`info ${msg}`) } };
}

describe('the watched store', () => {
  it('answers 503 for an outage, logs it once, and logs the recovery once', async () => {
    const { store, answers } = scriptedStore();
    const status = new DatabaseStatus();
    const { lines, log } = recordingLog();
    status.logTo(log);
    const watched = watchStore(store, status);

    let releaseSlow!: () => void;
    answers.push(() => new Promise<void>((resolve) => (releaseSlow = resolve))); // begins before the outage
    const slow = watched.ping();
    for (let i = 0; i < 3; i++) {
      answers.push(() => Promise.reject(refused()));
      const error = await watched.ping().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(error).toMatchObject({ status: 503, code: '800.800.800' });
    }
    releaseSlow();
    await slow;
    expect(status.reachable).toBe(false);
    expect(lines).toEqual(['error database unreachable: answering 503 until it is back']);

    await watched.ping();
    expect(status.reachable).toBe(true);
    expect(lines).toEqual(['error database unreachable: answering 503 until it is back', 'info database reachable again']);
    expect(watched.dialect).toBe('postgres');
  });

  it('passes other errors through unchanged', async () => {
    const { store } = scriptedStore();
    const status = new DatabaseStatus();
    await expect(watchStore(store, status).merchants.count()).rejects.toThrow('a bug');
    expect(status.reachable).toBe(true);
  });
});
