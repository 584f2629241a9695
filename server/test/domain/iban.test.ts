import { describe, expect, it } from 'vitest';
import { ibanValid } from '../../src/domain/iban.js';

describe('ibanValid', () => {
  it.each(['DE23100000001234567890', 'GB82WEST12345698765432', 'AT611904300234573201', 'ES9121000418450200051332', 'NL91ABNA0417164300'])('accepts %s', (iban) => {
    expect(ibanValid(iban)).toBe(true);
  });

  it.each(['DE24100000001234567890', 'DE2310000000123456789', 'de23100000001234567890', 'DE23 1000 0000 1234 5678 90', 'DE', '', 'XX00'])('rejects %j', (iban) => {
    expect(ibanValid(iban)).toBe(false);
  });
});
