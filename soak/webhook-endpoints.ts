// Registers each receiver as an endpoint of the test channel (every event type) through the API,
// as a merchant does; the answer's secret opens what the receiver gets.

import type { Receiver } from './receivers.js';
import type { Merchant } from './traffic/client.js';

export async function registerEndpoints(merchant: Merchant, entityId: string, receivers: readonly Receiver[]): Promise<void> {
  for (const receiver of receivers) {
    const key = merchant.newKey('webhook');
    const answer = await merchant.call('webhook-create', 'POST', '/v1/webhooks', { entityId, url: receiver.url }, key);
    const { id, secret } = (answer?.json ?? {}) as { id?: unknown; secret?: unknown };
    if (answer?.status !== 200 || typeof id !== 'string' || typeof secret !== 'string') {
      throw new Error(`the endpoint of ${receiver.name} was not made: ${answer?.status} ${JSON.stringify(answer?.json)}`);
    }
    receiver.secret = secret;
    receiver.endpointId = id;
  }
}
