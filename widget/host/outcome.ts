// Following the relay's answer to a payment: on to the result URL, into 3-D Secure, or back to
// the form with a message (decline), for good (locked or gone checkout).

import { batch } from '@preact/signals-core';
import type { OutcomeMsg } from '../protocol/messages.js';
import type { WidgetEnv } from './env.js';
import type { CardFormModel } from './model.js';
import { navigate, resultTarget } from './navigate.js';
import { redirectColors } from './redirect-colors.js';
import { classify, hintForParameter, resultUrl, safeHttpUrl } from './result.js';

export function followOutcome(o: OutcomeMsg, model: CardFormModel, env: WidgetEnv, shopperResultUrl: string): void {
  const { messages } = env.texts;
  switch (classify(o)) {
    case 'success':
    case 'pending': {
      let url = safeHttpUrl(o.resultUrl);
      if (!url) {
        try {
          url = resultUrl(shopperResultUrl, env.checkoutId);
        } catch {
          return batch(() => {
            model.paying.value = false;
            model.message.value = o.description || messages.communication;
          });
        }
      }
      // The spinner stays while the browser leaves.
      return navigate(url, resultTarget(env.options));
    }
    case 'redirect': {
      // The 3-D Secure page sends the shopper on to the result in shopperResultTarget, else, when
      // it runs in paymentTarget, in its own window (the payment's), else the whole tab; and it
      // wears the colours of customRedirectPageConfig.
      const { paymentTarget, shopperResultTarget } = env.options;
      const target = shopperResultTarget ?? (paymentTarget ? '_self' : null);
      const query = (target ? `&target=${encodeURIComponent(target)}` : '') + redirectColors();
      const url = query ? `${o.redirectUrl!}${o.redirectUrl!.includes('?') ? '&' : '?'}${query.slice(1)}` : o.redirectUrl!;
      if (paymentTarget) navigate(url, paymentTarget);
      else model.threeDUrl.value = url;
      return;
    }
    case 'locked':
      // The relay's description is the catalogue's for 800.120.100 ("Rejected by Throttling."),
      // written for integrators; the shopper reads the widget's own text, in their language.
      return batch(() => {
        model.paying.value = false;
        model.locked.value = true;
        model.message.value = messages.locked;
      });
    case 'gone':
      batch(() => {
        model.paying.value = false;
        model.locked.value = true;
        model.message.value = messages.invalidCheckout;
      });
      return env.error('InvalidCheckoutIdError', o.description || messages.invalidCheckout, { code: o.code });
    case 'declined':
      return batch(() => {
        model.paying.value = false;
        model.message.value = o.description || messages.declined;
        for (const p of o.parameterErrors) {
          const h = hintForParameter(p.name);
          if (h) model.frame(h).error.value = true;
        }
      });
  }
}
