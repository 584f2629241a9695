// The channels a signed-in person may see: the merchant's, or those their user is limited to. A
// channel named in a request that is not among them is answered as not found, never as forbidden,
// so another merchant's channel ids cannot be told from ids that do not exist.

import type { EntityRecord } from '../../domain/records.js';
import type { Store } from '../../storage/store.js';
import { BackofficeError, type BackofficeSession } from '../contract.js';

export async function visibleChannels(store: Store, session: BackofficeSession): Promise<EntityRecord[]> {
  const channels = await store.entities.list(session.merchantId);
  const allowed = session.channelIds;
  return allowed === null ? channels : channels.filter((c) => allowed.includes(c.id));
}

/** The entity ids a listing reads: the one channel asked for (404 when not visible), else every visible one. */
export async function listedChannelIds(store: Store, session: BackofficeSession, channel: string | undefined): Promise<string[]> {
  const ids = (await visibleChannels(store, session)).map((c) => c.id);
  if (channel === undefined) return ids;
  if (!ids.includes(channel)) throw new BackofficeError('notFound', 'no such channel');
  return [channel];
}
