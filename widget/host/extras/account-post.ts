// The forms that are not cards (bank account, virtual account, slip, wallet) post to the checkout's
// account route from the merchant page: they carry no card data. One request, one reading of its
// answer and one way of ending it for all of them.

import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import { navigate, resultTarget } from '../navigate.js';
import { classify, resultUrl, safeHttpUrl, type OutcomeKind } from '../result.js';

export interface AccountAnswer {
  /** HTTP status; 0 when the relay could not be reached. */
  status: number;
  result: { code: string; description?: string; parameterErrors?: Array<{ name?: string }> };
  /** Where the relay sends the shopper next (a provider's page, a slip), when it is a safe URL. */
  redirect: string | null;
  /** The result URL the relay names, when it is a safe URL. */
  resultUrl: string | null;
  /** What the answer means for the shopper; a relay out of reach reads as declined. */
  kind: OutcomeKind;
}

export async function postAccountForm(env: WidgetEnv, body: URLSearchParams): Promise<AccountAnswer> {
  let status = 0;
  let json: Record<string, unknown> = {};
  try {
    const res = await fetch(`${env.base}/v1/checkouts/${encodeURIComponent(env.checkoutId)}/account`, { method: 'POST', body, credentials: 'omit', referrerPolicy: 'no-referrer' });
    status = res.status;
    json = (await res.json()) as Record<string, unknown>;
  } catch {
    // status 0: said by the form as a communication failure.
  }
  const result = (json.result ?? {}) as AccountAnswer['result'];
  const redirect = safeHttpUrl(((json.redirect ?? {}) as { url?: string }).url ?? null);
  const code = result.code ?? '';
  return {
    status,
    result: { ...result, code },
    redirect,
    resultUrl: safeHttpUrl((json.resultUrl as string) ?? null),
    kind: status ? classify({ status, code, redirectUrl: redirect }) : 'declined',
  };
}

/** A form's message (a decline, no relay) at the top of its container; null takes it away. */
export function formMessage(container: () => HTMLElement): (text: string | null) => void {
  const message = h('div', { class: 'wpwl-message wpwl-has-error', role: 'alert' });
  return (text) => {
    if (text === null) return message.remove();
    message.textContent = text;
    container().prepend(message);
  };
}

/**
 * The end of an answer, as every such form follows it once its own next step (a provider's page, a
 * slip) is not the answer: on to the result URL (success, pending), or the message in the form (a
 * decline, no relay), for good when the checkout is locked or gone (then reported through onError).
 * Whether the form stays usable; undefined when the shopper is leaving.
 */
export function endAnswer(env: WidgetEnv, a: AccountAnswer, shopperResultUrl: string, say: (text: string) => void): boolean | undefined {
  if (a.kind === 'success' || a.kind === 'pending') {
    navigate(a.resultUrl ?? resultUrl(shopperResultUrl, env.checkoutId), resultTarget(env.options));
    return undefined;
  }
  say(a.status ? a.result.description || env.texts.messages.declined : env.texts.messages.communication);
  if (a.kind === 'gone') env.error('InvalidCheckoutIdError', a.result.description ?? '', { code: a.result.code });
  return a.kind !== 'locked' && a.kind !== 'gone';
}
