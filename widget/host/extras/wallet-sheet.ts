// (Loaded on demand: extras.) The simulated wallet sheet of the test environment: a test checkout
// cannot be paid through a real Apple Pay or Google Pay sheet (the provider would charge a real
// card), so the wallet button opens this modal dialog instead. It shows the amount, lets the
// tester choose the simulator's answer, and gives a test token the relay reads
// (server/src/payments/wallet-token.ts): {"simulated":true,"brand":…,"nonce":…} approves, and a
// `testResultCode` holding a rejection code declines with that code.
//
// A native <dialog> opened with showModal(): the rest of the page is inert while it is open, Escape
// cancels, focus goes to its pay button and, when it closes, back to the wallet button.

import { h } from '../dom.js';

/** What the tester can ask the simulator for: [testResultCode ('' approves), option text]. */
const OUTCOMES: ReadonlyArray<[string, string]> = [
  ['', 'Approve'],
  ['800.100.152', 'Decline: declined by authorization system (800.100.152)'],
  ['800.100.155', 'Decline: amount exceeds credit (800.100.155)'],
];

export interface SheetTexts {
  pay: string;
  cancel: string;
}

let sheetIds = 0;

function nonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Opens the sheet inside `host` for `brand` (shown as `name`); resolves with a test token, or null
 * when the shopper cancels (Cancel, Escape) or the sheet is taken away (`signal`).
 */
export function simulatedSheet(host: HTMLElement, brand: string, name: string, total: string, texts: SheetTexts, signal: AbortSignal): Promise<string | null> {
  const id = `wpwl-wallet-sheet-${++sheetIds}`;
  const outcome = h('select', { class: 'wpwl-control wpwl-control-walletTestOutcome', name: 'testResultCode' }, ...OUTCOMES.map(([value, text]) => h('option', { value }, text)));
  const dialog = h(
    'dialog',
    { class: `wpwl-wallet-sheet wpwl-wallet-sheet-${brand}`, 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-total` },
    h(
      'form',
      { method: 'dialog', class: 'wpwl-form-wallet-sheet' },
      h('div', { class: 'wpwl-wallet-sheet-title', id: `${id}-title` }, `${name} (test)`),
      h('div', { class: 'wpwl-wallet-sheet-total', id: `${id}-total` }, total),
      h('label', { class: 'wpwl-label wpwl-label-walletTestOutcome' }, 'Test result ', outcome),
      h(
        'div',
        { class: 'wpwl-wallet-sheet-buttons' },
        h('button', { type: 'submit', value: 'pay', class: 'wpwl-button wpwl-button-wallet-sheet-pay', autofocus: true }, texts.pay),
        h('button', { type: 'submit', value: 'cancel', class: 'wpwl-button wpwl-button-wallet-sheet-cancel' }, texts.cancel),
      ),
    ),
  );
  const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    const close = () => dialog.open && dialog.close('cancel');
    dialog.addEventListener('close', () => {
      signal.removeEventListener('abort', close);
      const paid = dialog.returnValue === 'pay';
      const code = outcome.value;
      dialog.remove();
      if (back?.isConnected) back.focus();
      resolve(paid ? JSON.stringify({ simulated: true, brand, nonce: nonce(), ...(code ? { testResultCode: code } : {}) }) : null);
    });
    signal.addEventListener('abort', close);
    host.append(dialog);
    dialog.showModal();
  });
}
