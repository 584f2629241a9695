// walletPay.paymentToken as the relay reads it. A wallet's token is the provider's JSON (Apple Pay's
// `paymentData`, Google Pay's `tokenizationData.token`): merchants send it as is or base64-encoded.
// Anything else cannot be a token, and is refused as a malformed parameter rather than sent to an
// acquirer that would decline it for a reason nobody can read.
//
// The simulator cannot decrypt a real token, so it approves any well-formed one, except a test
// token asking for a decline: a `testResultCode` member holding a rejection code (e.g.
// {"testResultCode":"800.100.152"}) is declined with that code, as a card holder field holding one
// is (forced-code.ts). A success or pending code there is ignored.

export interface WalletToken {
  /** The `testResultCode` member, when the token has one as a string. */
  testResultCode?: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function decoded(token: string): string | null {
  if (BASE64.test(token)) return Buffer.from(token, 'base64').toString('utf8');
  if (BASE64URL.test(token)) return Buffer.from(token, 'base64url').toString('utf8');
  return null;
}

/** The token's JSON object (sent as is or base64-encoded), or null when it is not a wallet token. */
export function readWalletToken(token: string): WalletToken | null {
  const trimmed = token.trim();
  const raw = trimmed.startsWith('{') ? trimmed : decoded(trimmed);
  const json = raw === null ? null : jsonObject(raw);
  if (json === null) return null;
  return typeof json.testResultCode === 'string' ? { testResultCode: json.testResultCode } : {};
}
