// The back office's API route sets, registered under /api by app.ts. Each part of the back office
// adds its own line here.

import type { BackofficeRoutes } from './contract.js';
import { channelsRoutes } from './routes/channels.js';
import { paymentsListRoutes } from './routes/payments-list.js';
import { sessionRoutes } from './routes/session.js';

export const BACKOFFICE_ROUTE_SETS: readonly BackofficeRoutes[] = [sessionRoutes, channelsRoutes, paymentsListRoutes];
