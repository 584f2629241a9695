// What the routes receive: the flows' context (flows/context.ts) and what only the HTTP side
// uses, the throttle, the webhook endpoints the API manages, and the checks GET /ready runs.
// Implemented by the app (app/context.ts: AppContext).

import type { RelayContext } from '../flows/context.js';
import type { Webhooks } from '../webhooks/service.js';
import type { ReadinessCheck } from './readiness.js';
import type { Throttle } from './throttle.js';

export interface HttpContext extends RelayContext {
  throttle: Throttle;
  /** Webhook endpoints and the delivery of events to them. */
  webhooks: Webhooks;
  /** What GET /ready runs; parts of the relay register their own checks here. */
  readiness: ReadinessCheck[];
}
