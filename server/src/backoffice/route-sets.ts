// The back office's API route sets, registered under /api by app.ts. Each part of the back office
// adds its own line here.

import type { BackofficeRoutes } from './contract.js';
import { channelsRoutes } from './routes/channels.js';
import { paymentsListRoutes } from './routes/payments-list.js';
import { auditRoutes } from './routes/audit.js';
import { credentialsRoutes } from './routes/credentials.js';
import { homeRoutes } from './routes/home.js';
import { invitationRoutes } from './routes/invitations.js';
import { passwordRoutes } from './routes/password.js';
import { paymentActionRoutes } from './routes/payment-actions.js';
import { paymentDetailRoutes } from './routes/payment-detail.js';
import { paymentNotificationRoutes } from './routes/payment-notifications.js';
import { sessionRoutes } from './routes/session.js';
import { settingsRoutes } from './routes/settings.js';
import { settlementRoutes } from './routes/settlement.js';
import { twoFactorRoutes } from './routes/two-factor.js';
import { usersRoutes } from './routes/users.js';
import { webhookRoutes } from './routes/webhooks.js';

export const BACKOFFICE_ROUTE_SETS: readonly BackofficeRoutes[] = [
  sessionRoutes,
  invitationRoutes,
  twoFactorRoutes,
  passwordRoutes,
  settingsRoutes,
  channelsRoutes,
  paymentsListRoutes,
  paymentDetailRoutes,
  paymentActionRoutes,
  paymentNotificationRoutes,
  settlementRoutes,
  webhookRoutes,
  credentialsRoutes,
  auditRoutes,
  usersRoutes,
  homeRoutes,
];
