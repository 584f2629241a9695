// An attempt keeps the first KiB of the receiver's answer: at most 1,024 bytes of UTF-8 however the
// answer was cut, never half a character.

import { describe, expect, it } from 'vitest';
import { byteCapped, RESPONSE_START_MAX_BYTES } from '../../src/storage/webhooks.js';

describe('byteCapped', () => {
  it('leaves a text within the cap as it is', () => {
    expect(byteCapped('ok', RESPONSE_START_MAX_BYTES)).toBe('ok');
    const exact = 'x'.repeat(1024);
    expect(byteCapped(exact, RESPONSE_START_MAX_BYTES)).toBe(exact);
  });

  it('cuts at a character boundary, never past the cap', () => {
    // 1,023 ASCII bytes then a three-byte character: the character would end past the KiB.
    expect(byteCapped(`${'a'.repeat(1023)}€`, 1024)).toBe('a'.repeat(1023));
    // U+FFFD for bytes that were not UTF-8: three bytes each, so 1,024 of them are 3,072 bytes.
    const replaced = byteCapped('\ufffd'.repeat(1024), 1024);
    expect(Buffer.byteLength(replaced)).toBe(1023);
    expect(replaced).toBe('\ufffd'.repeat(341));
    // A four-byte character (a surrogate pair) is kept whole or not at all.
    const emoji = byteCapped('😀'.repeat(300), 1022);
    expect(Buffer.byteLength(emoji)).toBe(1020);
    expect(emoji).toBe('😀'.repeat(255));
  });
});
