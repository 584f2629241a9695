// The slip page the voucher's redirect.url shows: amount, due date, beneficiary, the digitable line
// (BOLETO) or payment reference (OXXO, BALOTO) with a copy button, and the ITF-25 bar code drawn as
// SVG. One stylesheet and one small script of the relay's own (CSP allows nothing else); the page
// prints on one A4 sheet without its buttons.

import { escapeHtml } from './relay-page.js';
import { formatAmount } from '../domain/money.js';
import type { PaymentRecord } from '../domain/records.js';
import { formatDigitableLine } from '../vouchers/boleto-code.js';
import { VOUCHER_BRANDS } from '../vouchers/brands.js';
import { itf25Svg } from '../vouchers/itf25.js';
import { slipStateOf } from '../vouchers/slip-state.js';

export const SLIP_CSS_PATH = '/v1/pages/voucher.css';
export const SLIP_SCRIPT_PATH = '/v1/pages/voucher.js';

export const SLIP_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:24px;color:#111827;background:#f3f4f6}
main{max-width:760px;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:28px}
h1{font-size:22px;margin:0 0 4px}.status{margin:0 0 16px;color:#374151}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:16px 0}dt{color:#4b5563}dd{margin:0;font-weight:600}
.line{display:flex;gap:8px;align-items:center;margin:16px 0;flex-wrap:wrap}
.line code{font:600 17px/1.4 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.02em;border:1px solid #9ca3af;border-radius:6px;padding:8px 10px;word-break:break-all}
button{font:inherit;padding:8px 14px;background:#1d4ed8;color:#fff;border:0;border-radius:6px;cursor:pointer}
.barcode{margin:20px 0 8px}.barcode svg{display:block;width:103mm;max-width:100%;height:13mm}
.actions{display:flex;gap:12px;margin-top:20px;align-items:center}.actions a{color:#1d4ed8}
.paid,.expired{padding:8px 12px;border-radius:6px;font-weight:600}.paid{background:#dcfce7}.expired{background:#fee2e2}
@media print{@page{size:A4;margin:15mm}body{background:#fff;padding:0}main{border:0;max-width:none;padding:0}button,.actions{display:none}.barcode svg{width:103mm;height:13mm}}`;

/** Copies the text of the element a button names, and says so on the button. */
export const SLIP_SCRIPT = `document.addEventListener('click',function(e){var b=e.target.closest('button[data-copy]');if(b){var t=document.getElementById(b.getAttribute('data-copy'));var text=t?t.getAttribute('data-value')||t.textContent:'';var done=function(){b.textContent=b.getAttribute('data-done')||'Copied';};if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(text).then(done,function(){fallback(text);done();});}else{fallback(text);done();}}var p=e.target.closest('button[data-print]');if(p)window.print();});
function fallback(text){var a=document.createElement('textarea');a.value=text;document.body.appendChild(a);a.select();try{document.execCommand('copy');}catch(_){}document.body.removeChild(a);}`;

function dayMonthYear(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** The page's title and body, or undefined when the payment is no slip. */
export function slipPage(payment: PaymentRecord): { title: string; html: string; resultUrl?: string } | undefined {
  const state = slipStateOf(payment.pendingJson);
  if (!state) return undefined;
  const v = state.voucher;
  const brand = VOUCHER_BRANDS[v.brand];
  const response = JSON.parse(payment.responseJson) as { customer?: { givenName?: string; surname?: string }; merchantTransactionId?: string };
  const payer = [response.customer?.givenName, response.customer?.surname].filter(Boolean).join(' ');
  const status =
    payment.status === 'success' ? '<p class="status paid" role="status">Paid: this slip is confirmed.</p>'
    : payment.status === 'declined' ? '<p class="status expired" role="status">Expired: this slip can no longer be paid.</p>'
    : `<p class="status">Pay by ${escapeHtml(dayMonthYear(v.dueDate))} at ${escapeHtml(brand.payAt)}.</p>`;
  const digits = v.barCode ?? v.reference ?? '';
  const shown = v.digitableLine ? formatDigitableLine(v.digitableLine) : (v.reference ?? '');
  const lineLabel = v.digitableLine ? 'Digitable line' : 'Payment reference';
  const rows: [string, string][] = [
    ['Amount', `${formatAmount(payment.amount)} ${payment.currency}`],
    ['Due date', dayMonthYear(v.dueDate)],
    ['Beneficiary', v.beneficiary],
    ...(payer ? [['Payer', payer] as [string, string]] : []),
    ...(response.merchantTransactionId ? [['Order', response.merchantTransactionId] as [string, string]] : []),
  ];
  const html = `<h1>${escapeHtml(brand.label)}</h1>${status}
<dl>${rows.map(([k, val]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(val)}</dd>`).join('')}</dl>
<div class="line"><span id="line-label">${escapeHtml(lineLabel)}</span><code id="slip-line" aria-labelledby="line-label" data-value="${escapeHtml(v.digitableLine ?? v.reference ?? '')}">${escapeHtml(shown)}</code><button type="button" data-copy="slip-line" data-done="Copied">Copy</button></div>
<div class="barcode" id="slip-barcode">${itf25Svg(digits, { unit: 1, height: 50, title: `Bar code ${digits}` })}</div>
<div class="actions"><button type="button" data-print>Print</button>${state.resultUrl ? `<a href="${escapeHtml(state.resultUrl)}">Back to the shop</a>` : ''}</div>`;
  return { title: `${brand.label} ${formatAmount(payment.amount)} ${payment.currency}`, html, ...(state.resultUrl ? { resultUrl: state.resultUrl } : {}) };
}
