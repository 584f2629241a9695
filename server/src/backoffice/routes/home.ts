// GET /api/home: the home page's figures (backoffice/home/view.ts) for the channels the person may
// see, or the one named by `channel` (404 when it is not one of them). Reads only: nothing is
// written, so nothing is audited.

import { sessionOf, type BackofficeRoutes } from '../contract.js';
import { invalidParameter } from '../body.js';
import { homeView } from '../home/view.js';
import { listedChannelIds } from '../payment-list/channels.js';
import { queryValue } from '../query.js';

/** A channel's id as the relay makes them; anything else cannot name one. */
const CHANNEL_ID = /^[0-9a-f]{32}$/;

export const homeRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/home', { config: { access: 'payments.read' } }, async (request) => {
    const channel = queryValue(request.query, 'channel');
    if (channel !== undefined && !CHANNEL_ID.test(channel)) throw invalidParameter('channel', 'must be a channel id (32 hexadecimal characters)');
    const session = sessionOf(request);
    const entityIds = await listedChannelIds(ctx.store, session, channel);
    return homeView(ctx.store, { role: session.role, entityIds, channel: channel ?? null, now: ctx.clock.now() });
  });
};
