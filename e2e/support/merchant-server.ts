// The merchant's origin in browser tests: serves pages made from the templates in e2e/pages/*.html
// on 127.0.0.1 (the relay is on localhost, so they are different sites), and a result page that
// the widget returns to. Each page is registered by a test with its own values and answered under
// an unguessable path, so parallel tests in one worker never see each other's pages.
//
// Templates: `{{name}}` is replaced by the value HTML-escaped, `{{{name}}}` by the value as it is
// (for snippets a test writes: scripts, extra markup). A placeholder without a value throws.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

export const pagesDir = resolve(import.meta.dirname, '..', 'pages');

/** Template names: file names in e2e/pages without `.html`. */
const TEMPLATE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const PLACEHOLDER = /\{\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}\}|\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g;

export interface RegisteredPage {
  template: string;
  values: Readonly<Record<string, string>>;
  /** Content-Security-Policy header; `{nonce}` is replaced by the response's nonce. */
  csp?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_, raw: string | undefined, escaped: string | undefined) => {
    const name = (raw ?? escaped) as string;
    const value = values[name];
    if (value === undefined) throw new Error(`merchant page placeholder ${name} has no value`);
    return raw === undefined ? escapeHtml(value) : value;
  });
}

export class MerchantServer {
  private readonly pages = new Map<string, RegisteredPage>();
  private readonly server: Server;
  /** Origin of the merchant pages, e.g. http://127.0.0.1:40001. */
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      req.resume();
      this.answer(req.url ?? '/').then(
        ({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`merchant page server: ${(error as Error).message}`);
        },
      );
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', resolve);
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Registers a page and returns its URL. The template is checked now, so a typo fails the test here. */
  async register(page: RegisteredPage): Promise<string> {
    await this.render(page, 'check');
    const token = randomBytes(12).toString('hex');
    this.pages.set(token, page);
    return `${this.url}/pages/${page.template}/${token}`;
  }

  private async render(page: RegisteredPage, nonce: string): Promise<string> {
    if (!TEMPLATE_NAME.test(page.template)) throw new Error(`bad merchant page name ${JSON.stringify(page.template)}`);
    const template = await readFile(join(pagesDir, `${page.template}.html`), 'utf8');
    // Test-written snippets may carry the per-response nonce as {{nonce}} too.
    const values = Object.fromEntries(Object.entries(page.values).map(([name, value]) => [name, value.replaceAll('{{nonce}}', nonce)]));
    return fillTemplate(template, { ...values, nonce });
  }

  private async answer(rawUrl: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const url = new URL(rawUrl, this.url);
    const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    const match = /^\/pages\/[a-z0-9-]+\/([0-9a-f]{24})$/.exec(url.pathname);
    const page = match?.[1] ? this.pages.get(match[1]) : undefined;
    if (page) {
      const nonce = randomBytes(16).toString('base64');
      const headers: Record<string, string> = { ...html };
      if (page.csp) headers['content-security-policy'] = page.csp.replaceAll('{nonce}', nonce);
      return { status: 200, headers, body: await this.render(page, nonce) };
    }
    if (url.pathname === '/result') return { status: 200, headers: html, body: resultPage(url.searchParams) };
    if (url.pathname === '/favicon.ico') return { status: 204, headers: {}, body: '' };
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
  }
}

/** What a merchant's shopperResultUrl receives, shown so a test can read it off the page too. */
function resultPage(query: URLSearchParams): string {
  const rows = [...query].map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd data-param="${escapeHtml(name)}">${escapeHtml(value)}</dd>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant result</title></head>
<body><h1>Merchant result page</h1><dl>${rows.join('')}</dl></body></html>`;
}
