// A new merchant and its first access token, in one group-commit batch: a merchant never exists
// without a token that works, nor a token without its merchant.

import type { AccessTokenRecord } from '../../domain/access-tokens.js';
import type { MerchantRecord } from '../../domain/records.js';
import type { Store } from '../store.js';

export function writeMerchant(store: Store, merchant: MerchantRecord, firstToken: AccessTokenRecord): Promise<void> {
  return store.writeTogether([store.merchants.createStatement(merchant), store.accessTokens.insertStatement(firstToken)]);
}
