// useSummaryPage: the submit saved the shopper's data on the checkout instead of paying. The
// shopper stays on the page (the merchant shows its summary next); the merchant hears of it
// through onSaveTransactionData({ndc, timestamp, buildNumber}) and pays from its server.

import type { OutcomeMsg } from '../protocol/messages.js';
import type { WidgetEnv } from './env.js';
import type { CardFormModel } from './model.js';

export function savedOutcome(o: OutcomeMsg, model: CardFormModel, env: WidgetEnv): void {
  model.paying.value = false;
  env.call(env.options.onSaveTransactionData, undefined, { ndc: env.checkoutId, timestamp: o.timestamp, buildNumber: o.buildNumber });
}
