// What every card frame's page is: a form holding one input and, for screen readers, the host's
// error text for it (aria-describedby cannot reach the host page), and what each frame does with
// the host's configuration, its error state and its focus requests.

import { frameIdentity, type FrameIdentity } from '../protocol/frame-url.js';
import type { ConfigMsg, Field, InvalidMsg } from '../protocol/messages.js';
import { adoptFrameStyle } from './frame-style.js';
import { sanitizeStyles } from './iframe-styles.js';

/**
 * Adopted when the script starts (document.currentScript is only set then), before the input is
 * made: the page's stylesheet, or null where the engine took frame.min.css instead.
 */
const sheet = adoptFrameStyle();

/**
 * The frame's identity, when its page is framed by the merchant page and names one of `fields`;
 * null otherwise, and the page stays empty. Either way the key is out of the frame's URL before
 * any other code could read it: it was for this script only.
 */
export function ownIdentity<F extends Field>(fields: readonly F[]): (FrameIdentity & { field: F }) | null {
  if (window.top === window || window.parent === window) return null;
  const found = frameIdentity(location, window.name);
  history.replaceState(history.state, '', location.pathname + location.search);
  return found && (fields as readonly Field[]).includes(found.field) ? (found as FrameIdentity & { field: F }) : null;
}

export interface FramePage {
  form: HTMLFormElement;
  input: HTMLInputElement;
  error: HTMLDivElement;
}

/** The page's one input: `autocomplete` and `name` are what browsers' autofill recognises. */
export function framePage(autocomplete: AutoFill, name: string, label: string): FramePage {
  const form = document.createElement('form');
  form.noValidate = true;
  const input = document.createElement('input');
  input.type = 'text';
  input.autocomplete = autocomplete;
  input.name = name;
  input.id = 'wpwl-input';
  input.spellcheck = false;
  input.setAttribute('autocorrect', 'off');
  input.setAttribute('aria-label', label);
  input.placeholder = label;
  const error = document.createElement('div');
  error.id = 'wpwl-error';
  error.className = 'wpwl-sr';
  form.append(input, error);
  document.body.append(form);
  return { form, input, error };
}

/** The host's texts, language, direction and placeholder styles (iframeStyles, allow-listed). */
export function applyTexts({ input }: FramePage, c: ConfigMsg): void {
  input.setAttribute('aria-label', c.label);
  input.placeholder = c.placeholder;
  document.documentElement.lang = c.lang;
  document.documentElement.dir = c.dir;
  const styles = sanitizeStyles(c.placeholderStyle);
  const target = sheet ?? document.styleSheets[0];
  if (target && Object.keys(styles).length) {
    try {
      const rule = target.cssRules[target.insertRule('input::placeholder{}', target.cssRules.length)] as CSSStyleRule;
      for (const [k, v] of Object.entries(styles)) rule.style.setProperty(k, v);
    } catch {
      // An old engine without ::placeholder: keep the default look.
    }
  }
}

/** Mirrors the host's error state as aria-invalid, with its text as the input's description. */
export function showInvalid({ input, error }: FramePage, msg: InvalidMsg): void {
  input.setAttribute('aria-invalid', String(msg.invalid));
  error.textContent = msg.invalid ? (msg.error ?? '') : '';
  if (error.textContent) input.setAttribute('aria-describedby', error.id);
  else input.removeAttribute('aria-describedby');
}
