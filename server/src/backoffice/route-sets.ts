// The back office's API route sets, registered under /api by app.ts. Each part of the back office
// adds its own line here.

import type { BackofficeRoutes } from './contract.js';
import { auditRoutes } from './routes/audit.js';
import { credentialsRoutes } from './routes/credentials.js';
import { sessionRoutes } from './routes/session.js';
import { usersRoutes } from './routes/users.js';

export const BACKOFFICE_ROUTE_SETS: readonly BackofficeRoutes[] = [sessionRoutes, credentialsRoutes, auditRoutes, usersRoutes];
