import { afterEach, describe, expect, it } from 'vitest';
import { requestField, serveField } from './sibling.js';

const key = '00112233445566778899aabbccddeeff';
/** Frames served in one test keep answering: each test after the first uses a form key of its own. */
const otherKey = '0123456789abcdef0123456789abcdef';
const opened: BroadcastChannel[] = [];
afterEach(() => {
  for (const bc of opened.splice(0)) bc.close();
});

/** A stand-in for a field's frame that answers with whatever it is given, on the form's channel. */
function rawFrame(reply: (req: { field: string; nonce: string }) => unknown): void {
  const bc = new BroadcastChannel(`wpwl-card/${otherKey}`);
  opened.push(bc);
  bc.onmessage = (e: MessageEvent<{ type: string; field: string; nonce: string }>) => {
    if (e.data.type === 'field?') bc.postMessage(reply(e.data));
  };
}

describe('the card frames’ relay-only channel (sibling.ts)', () => {
  it('gets each field from its own frame, several at once', async () => {
    serveField(key, 'expiry', () => ({ valid: true, params: [['card.expiryMonth', '12'], ['card.expiryYear', '2030']] }));
    serveField(key, 'cardHolder', () => ({ valid: false, params: [['card.holder', 'Jo']] }));
    const [expiry, holder] = await Promise.all([requestField(key, 'expiry', 1000), requestField(key, 'cardHolder', 1000)]);
    expect(expiry).toEqual({ valid: true, params: [['card.expiryMonth', '12'], ['card.expiryYear', '2030']] });
    expect(holder).toEqual({ valid: false, params: [['card.holder', 'Jo']] });
  });

  it('takes from a frame only the parameters of its field, and only for its own request', async () => {
    rawFrame((req) => ({ type: 'field', field: 'cardHolder', nonce: req.nonce, valid: true, params: [['card.number', '4200000000000000']] }));
    rawFrame((req) => ({ type: 'field', field: 'cardHolder', nonce: 'other', valid: true, params: [['card.holder', 'Other']] }));
    rawFrame((req) => ({ type: 'field', field: 'expiry', nonce: req.nonce, valid: true, params: [['card.holder', 'Wrong field']] }));
    expect(await requestField(otherKey, 'cardHolder', 200)).toBeNull();
  });

  it('is null when no frame of the form answers (another key is another form)', async () => {
    serveField('ffeeddccbbaa99887766554433221100', 'cvv', () => ({ valid: true, params: [['card.cvv', '123']] }));
    expect(await requestField(key, 'cvv', 100)).toBeNull();
    expect(await requestField('ffeeddccbbaa99887766554433221100', 'cvv', 1000)).toEqual({ valid: true, params: [['card.cvv', '123']] });
  });
});
