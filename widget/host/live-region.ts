// The form's live region: a visually hidden status element that is in the container from the
// start (screen readers announce changes of a live region they already know, not one inserted with
// its text). It speaks the payment-level message when there is one, else the fields' errors.

import type { Scope } from './bind.js';

export function bindLiveRegion(scope: Scope, container: HTMLElement, text: () => string): void {
  const live = document.createElement('div');
  live.className = 'wpwl-live';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  container.append(live);
  scope.effect(() => {
    const t = text();
    if (live.textContent !== t) live.textContent = t;
  });
  scope.add(() => live.remove());
}
