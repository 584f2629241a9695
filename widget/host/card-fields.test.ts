import { describe, expect, it } from 'vitest';
import { holderOk } from './card-fields.js';

describe('holderOk', () => {
  it('is optional, and 3–128 characters when given (card.holder is A128, length 3–128)', () => {
    expect(holderOk('')).toBe(true);
    expect(holderOk('   ')).toBe(true);
    expect(holderOk('Jane Doe')).toBe(true);
    expect(holderOk('800.100.152')).toBe(true);
    expect(holderOk('Jo')).toBe(false);
    expect(holderOk('x'.repeat(129))).toBe(false);
    expect(holderOk('Jane\nDoe')).toBe(false);
  });
});
