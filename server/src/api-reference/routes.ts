// The API reference page for people: the relay's OpenAPI document (/openapi.json) drawn by Swagger
// UI, whose files the relay serves itself from the pinned swagger-ui-dist package, so the page loads
// nothing from anywhere else. The page's own script (initializer.js) starts Swagger UI; no script is
// inline, and the CSP allows only this origin's scripts, styles and API calls. It lives under
// /v1/pages/ with the relay's other pages, which the document leaves out (openapi/route-docs.ts).
//
//   GET /v1/pages/api-reference                       the page
//   GET /v1/pages/api-reference/initializer.js        its script; page.css, its stylesheet
//   GET /v1/pages/api-reference/swagger-ui/<file>     swagger-ui-bundle.js, swagger-ui.css
//   GET /v1/pages/api-reference/try-it-out.json       the test merchant's channel and token, on a
//                                                     test relay with the demo shop only
//                                                     (test-merchant-prefill.ts); 204 elsewhere
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { pickEncoding } from '../routes/widget-assets.js';
import { readTryItOutPrefill } from './test-merchant-prefill.js';

export const API_REFERENCE_PATH = '/v1/pages/api-reference';

const PAGE_DIR = fileURLToPath(new URL('./page/', import.meta.url));
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const HTML = 'text/html; charset=utf-8';

/**
 * Only this origin's script, styles, images and API calls. Swagger UI's stylesheet draws its icons
 * as data: images, hence img-src data:. Swagger UI sets element styles from script (CSSOM), which a
 * CSP without 'unsafe-inline' allows; it never needs eval. Nothing may frame the page: it holds a
 * token once authorized.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** An hour, as the relay's other page assets: a new swagger-ui-dist reaches browsers within it. */
const ASSET_CACHE = 'public, max-age=3600';

interface File {
  dir: string;
  name: string;
  type: string;
}

const FILES: Readonly<Record<string, File>> = {
  [API_REFERENCE_PATH]: { dir: PAGE_DIR, name: 'api-reference.html', type: HTML },
  [`${API_REFERENCE_PATH}/initializer.js`]: { dir: PAGE_DIR, name: 'initializer.js', type: JS },
  [`${API_REFERENCE_PATH}/page.css`]: { dir: PAGE_DIR, name: 'page.css', type: CSS },
  [`${API_REFERENCE_PATH}/swagger-ui/swagger-ui-bundle.js`]: { dir: SWAGGER_UI_DIR, name: 'swagger-ui-bundle.js', type: JS },
  [`${API_REFERENCE_PATH}/swagger-ui/swagger-ui.css`]: { dir: SWAGGER_UI_DIR, name: 'swagger-ui.css', type: CSS },
};

interface Loaded {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Files are read and compressed on their first request, not when the app is built: Swagger UI's
 * bundle is 1.8 MB (about 0.5 MB gzip), and most relays, and every test relay, never serve it.
 */
function loader(file: File): () => Loaded {
  let loaded: Loaded | undefined;
  return () => {
    if (loaded) return loaded;
    // The source map comment would make a browser's developer tools ask for a file not served.
    const text = readFileSync(join(file.dir, file.name), 'utf8').replace(/\n\/[/*]# sourceMappingURL=\S+\s*(\*\/)?\s*$/, '\n');
    const identity = Buffer.from(text);
    loaded = {
      identity,
      gzip: gzipSync(identity),
      // Quality 5 compresses the bundle in a fraction of the default's time for nearly its size.
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    };
    return loaded;
  };
}

function send(request: FastifyRequest, reply: FastifyReply, file: File, load: () => Loaded): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = load()[encoding];
  reply.header('Content-Type', file.type).header('Vary', 'Accept-Encoding').header('Referrer-Policy', 'no-referrer');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  if (file.type === HTML) reply.header('Content-Security-Policy', CSP);
  else reply.header('Cache-Control', ASSET_CACHE);
  return reply.send(body);
}

export function apiReferenceRoutes(app: FastifyInstance, config: Pick<Config, 'environment' | 'demoPort' | 'dataDir'>): void {
  for (const [url, file] of Object.entries(FILES)) {
    const load = loader(file);
    app.get(url, (request, reply) => send(request, reply, file, load));
  }
  app.get(`${API_REFERENCE_PATH}/try-it-out.json`, async (_request, reply) => {
    const prefill = await readTryItOutPrefill(config);
    // 204 rather than 404: a relay without a prefill is not an error the page's console reports.
    if (!prefill) return reply.status(204).send();
    return reply.type('application/json; charset=utf-8').send(prefill);
  });
}
