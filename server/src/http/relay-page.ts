// HTML pages the relay serves itself (3-D Secure test page, notices). Strict headers (W6): a CSP
// with no script at all, nosniff, no referrer, no caching. Text is always escaped.

import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:24px;color:#1f2937;background:#f9fafb}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 12px}label{display:block;margin:12px 0 4px}select,button{font:inherit;padding:8px;width:100%}
button{margin-top:16px;background:#1d4ed8;color:#fff;border:0;border-radius:6px;cursor:pointer}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}`;

export const RELAY_PAGE_CSS_PATH = '/v1/pages/relay.css';

export function sendRelayCss(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Type', 'text/css; charset=utf-8')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'public, max-age=3600')
    .send(STYLE);
}

/** What a relay page may load besides its markup: its form's targets, its own stylesheet and script. */
export interface RelayPageAssets {
  /** Origins its form may submit or redirect to besides the relay's own; 'none' for a page without a form. */
  formActions?: readonly string[] | 'none';
  /** The page's stylesheet, a relay path; the common one by default. */
  stylesheet?: string;
  /** A script of the relay's own (a path) for a page that needs one; none by default. */
  script?: string;
  /** A second stylesheet over the first, a relay path (redirect-page-colors.ts). */
  overrides?: string;
}

/** Sends a relay page with the strict headers every relay page has. */
export function sendRelayPage(reply: FastifyReply, status: number, title: string, bodyHtml: string, assets: RelayPageAssets = {}): FastifyReply {
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    ...(assets.script ? ["script-src 'self'"] : []),
    "img-src 'self'",
    assets.formActions === 'none' ? "form-action 'none'" : `form-action 'self'${(assets.formActions ?? []).map((o) => ` ${o}`).join('')}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors *",
  ].join('; ');
  const script = assets.script ? `<script src="${assets.script}" defer></script>` : '';
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', csp)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${assets.stylesheet ?? RELAY_PAGE_CSS_PATH}">${assets.overrides ? `<link rel="stylesheet" href="${escapeHtml(assets.overrides)}">` : ''}${script}</head><body><main>${bodyHtml}</main></body></html>`);
}
