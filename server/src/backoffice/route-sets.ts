// The back office's API route sets, registered under /api by app.ts. Each part of the back office
// adds its own line here.

import type { BackofficeRoutes } from './contract.js';
import { channelsRoutes } from './routes/channels.js';
import { channelSettingsRoutes } from './routes/channel-settings.js';
import { chargebackRoutes } from './routes/chargebacks.js';
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
import { testClockRoutes } from './routes/test-clock.js';
import { testPaymentRoutes } from './routes/test-payments.js';
import { storedCardRoutes } from './routes/registrations.js';
import { scheduleRoutes } from './routes/schedules.js';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.js';
import { webhookSecretRoutes } from './routes/webhook-secret.js';

export const BACKOFFICE_ROUTE_SETS: readonly BackofficeRoutes[] = [
  sessionRoutes,
  invitationRoutes,
  twoFactorRoutes,
  passwordRoutes,
  settingsRoutes,
  channelsRoutes,
  channelSettingsRoutes,
  paymentsListRoutes,
  paymentDetailRoutes,
  paymentActionRoutes,
  paymentNotificationRoutes,
  settlementRoutes,
  chargebackRoutes,
  webhookRoutes,
  webhookDeliveryRoutes,
  webhookSecretRoutes,
  credentialsRoutes,
  auditRoutes,
  usersRoutes,
  testClockRoutes,
  testPaymentRoutes,
  storedCardRoutes,
  scheduleRoutes,
  homeRoutes,
];
