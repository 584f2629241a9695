// The CVV travels from the CVV frame to the card-number frame without touching the merchant page:
// both frames are on the relay origin, and a BroadcastChannel only connects same-origin documents
// (same storage partition), named after this widget form's host key. The host never sees it, and
// a card frame that someone else created for the same checkout (with a key of its own) is not
// answered: only the frames this form's host sent to their page share that name.

export interface CvvAnswer {
  value: string;
  valid: boolean;
}

interface CvvRequest {
  type: 'cvv?';
  nonce: string;
}

interface CvvReply extends CvvAnswer {
  type: 'cvv';
  nonce: string;
}

const channelName = (key: string) => `wpwl-card/${key}`;

/** In the CVV frame: answer the card-number frame's requests with the current CVV. */
export function serveCvv(key: string, current: () => CvvAnswer): void {
  const bc = new BroadcastChannel(channelName(key));
  bc.onmessage = (e: MessageEvent<unknown>) => {
    const d = e.data as Partial<CvvRequest> | null;
    if (!d || d.type !== 'cvv?' || typeof d.nonce !== 'string') return;
    const reply: CvvReply = { type: 'cvv', nonce: d.nonce, ...current() };
    bc.postMessage(reply);
  };
}

/** In the card-number frame: ask the CVV frame; null if it does not answer within `timeoutMs`. */
export function requestCvv(key: string, timeoutMs: number): Promise<CvvAnswer | null> {
  const bc = new BroadcastChannel(channelName(key));
  const nonce = crypto.getRandomValues(new Uint32Array(2)).join('-');
  return new Promise((resolve) => {
    const done = (answer: CvvAnswer | null) => {
      clearTimeout(timer);
      bc.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    bc.onmessage = (e: MessageEvent<unknown>) => {
      const d = e.data as Partial<CvvReply> | null;
      if (d && d.type === 'cvv' && d.nonce === nonce && typeof d.value === 'string' && typeof d.valid === 'boolean') {
        done({ value: d.value, valid: d.valid });
      }
    };
    const req: CvvRequest = { type: 'cvv?', nonce };
    bc.postMessage(req);
  });
}
