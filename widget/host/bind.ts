// Effects that mirror the signal models onto the DOM. The widget's DOM is rendered once and then
// reshaped by merchants in onReady (groups moved, classes added, hints of their own inserted), so
// bindings touch only what they own: one class via classList (never className), one property,
// or one element they created and still hold — inserted next to wherever the control is now.

import { effect } from '@preact/signals-core';

export type Dispose = () => void;

/** Collects effect disposers of one widget so unload() can stop them all. */
export class Scope {
  private readonly disposers: Dispose[] = [];
  add(dispose: Dispose): void {
    this.disposers.push(dispose);
  }
  effect(fn: () => void): void {
    this.add(effect(fn));
  }
  dispose(): void {
    for (const d of this.disposers.splice(0)) d();
  }
}

/** Toggles one class on an element as `on()` changes. */
export function bindClass(scope: Scope, el: Element, name: string, on: () => boolean): void {
  scope.effect(() => {
    el.classList.toggle(name, on());
  });
}

let hints = 0;

/**
 * Shows `div.wpwl-hint.<classes>` right after `control` while `text()` is non-null, wherever the
 * control is at that moment; the control gets wpwl-has-error meanwhile and, on the page (a card
 * frame's input gets its own in the frame), aria-invalid and the hint in its aria-describedby.
 */
export function bindHint(scope: Scope, control: Element, classes: string, text: () => string | null): void {
  const hint = document.createElement('div');
  hint.className = `wpwl-hint ${classes}`;
  hint.id = `wpwl-hint-${++hints}`;
  const aria = control.tagName !== 'IFRAME';
  const describedBy = (add: boolean) => {
    const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== hint.id);
    if (add) ids.push(hint.id);
    if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
    else control.removeAttribute('aria-describedby');
  };
  scope.effect(() => {
    const t = text();
    control.classList.toggle('wpwl-has-error', t !== null);
    if (aria) {
      if (t === null) control.removeAttribute('aria-invalid');
      else control.setAttribute('aria-invalid', 'true');
      describedBy(t !== null);
    }
    if (t === null) {
      hint.remove();
      return;
    }
    hint.textContent = t;
    if (control.nextSibling !== hint) control.after(hint);
  });
  scope.add(() => {
    hint.remove();
    if (aria) describedBy(false);
  });
}
