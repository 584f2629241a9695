import { describe, expect, it } from 'vitest';
import { accept, isExactOrigin, newChannelId, newChannelKeys, sameKey, sendToFrame, sendToHost } from './channel.js';
import { isHostToFrame, TAG } from './messages.js';

const relay = 'https://relay.example';
const peerWindow = { name: 'frame' };
const channel = newChannelId();
const key = newChannelId();
const focus = { tag: TAG, channel, key, type: 'focus' };

describe('newChannelId', () => {
  it('is 32 hex characters and different every time', () => {
    const ids = new Set(Array.from({ length: 200 }, newChannelId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('accept', () => {
  const peer = { origin: relay, window: () => peerWindow, channel };
  it('accepts only the exact origin, source window, channel and shape', () => {
    expect(accept({ origin: relay, source: peerWindow, data: focus }, peer, isHostToFrame)).toEqual(focus);
    expect(accept({ origin: 'https://evil.example', source: peerWindow, data: focus }, peer, isHostToFrame)).toBeNull();
    expect(accept({ origin: 'https://relay.example:443x', source: peerWindow, data: focus }, peer, isHostToFrame)).toBeNull();
    expect(accept({ origin: relay, source: { name: 'frame' }, data: focus }, peer, isHostToFrame)).toBeNull();
    expect(accept({ origin: relay, source: peerWindow, data: { ...focus, channel: newChannelId() } }, peer, isHostToFrame)).toBeNull();
    expect(accept({ origin: relay, source: peerWindow, data: { ...focus, type: 'getValue' } }, peer, isHostToFrame)).toBeNull();
  });
  it('never accepts the opaque origin "null", even if the peer claims it', () => {
    const nullPeer = { origin: 'null', window: () => peerWindow, channel };
    expect(accept({ origin: 'null', source: peerWindow, data: focus }, nullPeer, isHostToFrame)).toBeNull();
  });
  it('needs a known peer window', () => {
    expect(accept({ origin: relay, source: null, data: focus }, { ...peer, window: () => null }, isHostToFrame)).toBeNull();
  });
});

describe('sending', () => {
  const recorder = () => {
    const sent: Array<[unknown, string]> = [];
    return { sent, target: { postMessage: (m: unknown, o: string) => sent.push([m, o]) } };
  };
  it('targets exactly the given origin and stamps tag and channel', () => {
    const r = recorder();
    expect(sendToFrame(r.target, relay, channel, key, { type: 'focus' })).toBe(true);
    expect(r.sent).toEqual([[{ type: 'focus', tag: TAG, channel, key }, relay]]);
  });
  it('refuses "*", "null" and anything that is not a bare origin', () => {
    const r = recorder();
    for (const o of ['*', 'null', '', 'https://relay.example/', 'https://relay.example/path', 'relay.example']) {
      expect(sendToHost(r.target, o, channel, { type: 'enter', field: 'cvv' })).toBe(false);
    }
    expect(r.sent).toEqual([]);
    expect(isExactOrigin('http://localhost:8080')).toBe(true);
  });
});

describe('keys', () => {
  it('a form gets a fresh channel id and key, different from each other', () => {
    const a = newChannelKeys();
    const b = newChannelKeys();
    expect(a.channel).toMatch(/^[0-9a-f]{32}$/);
    expect(a.key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([a.channel, a.key, b.channel, b.key]).size).toBe(4);
  });
  it('sameKey is plain equality of strings', () => {
    expect(sameKey(key, key)).toBe(true);
    expect(sameKey(key, `${key}0`)).toBe(false);
    expect(sameKey(key.slice(0, 31) + (key.endsWith('0') ? '1' : '0'), key)).toBe(false);
    expect(sameKey('', key)).toBe(false);
  });
});
