import { describe, expect, it } from 'vitest';
import { readWalletToken } from '../../src/payments/wallet-token.js';

const b64 = (s: string, enc: 'base64' | 'base64url' = 'base64') => Buffer.from(s, 'utf8').toString(enc);

describe('readWalletToken', () => {
  it("reads the provider's JSON, as is or base64-encoded", () => {
    const applePay = '{"version":"EC_v1","data":"c2VjcmV0","signature":"x","header":{"transactionId":"1"}}';
    expect(readWalletToken(applePay)).toEqual({});
    expect(readWalletToken(` ${applePay}\n`)).toEqual({});
    expect(readWalletToken(b64(applePay))).toEqual({});
    expect(readWalletToken(b64('{"protocolVersion":"ECv2","signedMessage":"?>>"}', 'base64url'))).toEqual({});
  });

  it('keeps a test token\'s testResultCode', () => {
    expect(readWalletToken('{"testResultCode":"800.100.152"}')).toEqual({ testResultCode: '800.100.152' });
    expect(readWalletToken(b64('{"testResultCode":"800.100.155","simulated":true}'))).toEqual({ testResultCode: '800.100.155' });
    expect(readWalletToken('{"testResultCode":800}')).toEqual({});
  });

  it.each(['', 'token', 'not base64!', '{"unclosed":', '[1,2]', '"text"', 'null', b64('[1]'), b64('plain words'), '{}x'])('refuses %j', (token) => {
    expect(readWalletToken(token)).toBeNull();
  });
});
