// The report page for people (/reports/v1/page): static files with no data in them. The page asks
// for the channel and its access token and reads the API with them (reports/page/report.js), so the
// token is required for every figure it shows and never travels in a URL.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const PAGE_DIR = fileURLToPath(new URL('../reports/page/', import.meta.url));

const FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '/reports/v1/page': { file: 'report.html', type: 'text/html; charset=utf-8' },
  '/reports/v1/page/report.js': { file: 'report.js', type: 'text/javascript; charset=utf-8' },
  '/reports/v1/page/report.css': { file: 'report.css', type: 'text/css; charset=utf-8' },
};

/** Only the page's own script, style and API calls; nothing may frame it. */
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

export function reportPageRoutes(app: FastifyInstance): void {
  for (const [url, { file, type }] of Object.entries(FILES)) {
    const body = readFileSync(`${PAGE_DIR}${file}`);
    app.get(url, (_request, reply) => {
      reply.header('Content-Security-Policy', CSP).header('Referrer-Policy', 'no-referrer').type(type).send(body);
    });
  }
}
