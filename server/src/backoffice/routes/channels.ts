// GET /api/channels: the channels the signed-in person may see, for the list's channel filter.

import { sessionOf, type BackofficeRoutes } from '../contract.js';
import { visibleChannels } from '../payment-list/channels.js';

export const channelsRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/channels', { config: { access: 'signedIn' } }, async (request) => {
    const channels = await visibleChannels(ctx.store, sessionOf(request));
    return { channels: channels.map((c) => ({ entityId: c.id, name: c.name })) };
  });
};
