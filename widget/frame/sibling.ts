// The CVV (and, with enableSAQACompliance, the expiry and holder) travel from their frames to the
// frame that pays without touching the merchant page: all the frames are on the relay origin, and
// a BroadcastChannel only connects same-origin documents (same storage partition), named after
// this widget form's host key. The host never sees them, and a card frame that someone else
// created for the same checkout (with a key of its own) is not answered: only the frames this
// form's host sent to their page share that name.

import type { Field } from '../protocol/messages.js';
import { FRAME_PARAMS } from './submit.js';

/** What a field's frame hands the paying frame: whether its input is valid, and its parameters. */
export interface SiblingAnswer {
  valid: boolean;
  params: Array<[string, string]>;
}

interface FieldRequest {
  type: 'field?';
  field: Field;
  nonce: string;
}

interface FieldReply extends SiblingAnswer {
  type: 'field';
  field: Field;
  nonce: string;
}

const channelName = (key: string) => `wpwl-card/${key}`;

/** In a field's frame: answer the paying frame's requests for this field with its current data. */
export function serveField(key: string, field: Field, current: () => SiblingAnswer): void {
  const bc = new BroadcastChannel(channelName(key));
  bc.onmessage = (e: MessageEvent<unknown>) => {
    const d = e.data as Partial<FieldRequest> | null;
    if (!d || d.type !== 'field?' || d.field !== field || typeof d.nonce !== 'string') return;
    const reply: FieldReply = { type: 'field', field, nonce: d.nonce, ...current() };
    bc.postMessage(reply);
  };
}

/** Only the parameters this field's frame may supply, as strings. */
const ownParams = (field: Field, x: unknown): Array<[string, string]> | null =>
  Array.isArray(x) && x.every((p) => Array.isArray(p) && FRAME_PARAMS[field].includes(p[0]) && typeof p[1] === 'string')
    ? (x as Array<[string, string]>)
    : null;

/** In the paying frame: ask a field's frame; null if it does not answer within `timeoutMs`. */
export function requestField(key: string, field: Field, timeoutMs: number): Promise<SiblingAnswer | null> {
  const bc = new BroadcastChannel(channelName(key));
  const nonce = crypto.getRandomValues(new Uint32Array(2)).join('-');
  return new Promise((resolve) => {
    const done = (answer: SiblingAnswer | null) => {
      clearTimeout(timer);
      bc.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    bc.onmessage = (e: MessageEvent<unknown>) => {
      const d = e.data as Partial<FieldReply> | null;
      const params = d && ownParams(field, d.params);
      if (d && d.type === 'field' && d.field === field && d.nonce === nonce && typeof d.valid === 'boolean' && params) {
        done({ valid: d.valid, params });
      }
    };
    const req: FieldRequest = { type: 'field?', field, nonce };
    bc.postMessage(req);
  });
}
