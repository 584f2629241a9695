// The widget's files as the relay serves them:
//   GET /v1/paymentWidgets.js                 the loader: the same bytes for every checkout (SRI)
//   GET /v1/static/:cacheVersion/js/:file     static.min.js, frame.min.js, frame-fields.min.js,
//                                             extras.min.js (immutable)
//   GET /v1/static/:cacheVersion/css/:file    static.min.css, frame.min.css (immutable)
//   GET /v1/static/:cacheVersion/locales/:file  <code>.json, the texts of one locale (immutable)
//   GET /v1/static/:cacheVersion/logos/:file    <BRAND>.svg, a brand's logo (spec/brand-logos.ts; immutable)
//   GET /v1/checkouts/:id/frame?field=…       the card-field page (cardNumber | cvv, and with
//                                             enableSAQACompliance expiry | cardHolder)
// Files come from `npm run build:widget` (dist/widget/, a link to the latest complete build), read once; the integrity handed out for
// integrity=true checkouts is computed from the very bytes that are served (W8). Everything a
// merchant page loads is CORS-readable (SRI needs it); the card-field page carries a strict CSP
// whose frame-ancestors come from the checkout's entity (W5, W6). The card-field page has no
// stylesheet of its own: the frame script carries it and adopts it (widget/frame/frame-style.ts),
// so it is downloaded once for every frame instead of inline in each page.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_BRAND_CODES, brandLogoSvg } from '../../../spec/brand-logos.js';
import { resultView } from '../flows/response.js';

export interface WidgetAssetsOptions {
  /** Folder written by `npm run build:widget`. */
  distDir: string;
  /**
   * Origins allowed to frame the card fields of a checkout (its entity's setting), or 'unknown'
   * for a checkout that does not exist (or expired). An empty list, or '*' in it, allows any
   * origin (the store's convention: absent or empty = any origin).
   */
  frameAncestors(checkoutId: string): Promise<string[] | 'unknown'>;
}

interface Asset {
  bytes: Buffer;
  type: string;
  etag: string;
  integrity: string;
  /** Compressed once at load: the size budget (25 KB gzip) is what actually goes over the wire. */
  encoded: { br: Buffer; gzip: Buffer };
}

type Encoding = 'br' | 'gzip' | 'identity';

interface WidgetBuild {
  cacheVersion: string;
  loader: Asset;
  /** By "js/<file>", "css/<file>" or "locales/<code>.json". */
  statics: Map<string, Asset>;
  /** The card-field pages: the same bytes for every checkout of a build, so encoded once. */
  framePages: Record<FrameField, Asset>;
}

const JS = 'application/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const SVG = 'image/svg+xml; charset=utf-8';
/** Files under /v1/static/<cacheVersion>/, by URL folder and name. */
const STATIC_FILES: ReadonlyArray<[folder: 'js' | 'css', file: string, type: string]> = [
  ['js', 'static.min.js', JS],
  ['js', 'frame.min.js', JS],
  ['js', 'frame-fields.min.js', JS],
  ['js', 'extras.min.js', JS],
  ['css', 'static.min.css', CSS],
  ['css', 'frame.min.css', CSS],
];
/** A year: the static URLs change with every build (cacheVersion). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The loader's URL never changes, so browsers revalidate it (ETag) every time. */
const REVALIDATE = 'no-cache';

/**
 * Each card-field page's title and script: the expiry and holder pages (enableSAQACompliance) run
 * a script of their own, so the card-number and CVV pages every card form has do not carry theirs.
 */
const FRAME_FIELDS = {
  cardNumber: { title: 'Card number', script: 'frame.min.js' },
  cvv: { title: 'CVV', script: 'frame.min.js' },
  expiry: { title: 'Expiry date', script: 'frame-fields.min.js' },
  cardHolder: { title: 'Card holder', script: 'frame-fields.min.js' },
} as const;
type FrameField = keyof typeof FRAME_FIELDS;
const isFrameField = (x: unknown): x is FrameField => typeof x === 'string' && Object.hasOwn(FRAME_FIELDS, x);
/** Checkout ids as the relay makes them (hex + environment suffix), with room to spare. */
const CHECKOUT_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** A CSP host-source we pass on: scheme://host[:port], optionally with a leading *. label. */
const ANCESTOR = /^https?:\/\/((\*\.)?[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/**
 * The build's zopfli-made gzip of a file (widget/build/gzip-files.ts) when it unpacks to the very
 * bytes served; else zlib's level 9, at load.
 */
function gzipOf(bytes: Buffer, gzFile: string | undefined): Buffer {
  if (gzFile !== undefined && existsSync(gzFile)) {
    const made = readFileSync(gzFile);
    try {
      if (gunzipSync(made).equals(bytes)) return made;
    } catch {
      // Not a gzip stream: made again below.
    }
  }
  return gzipSync(bytes, { level: 9 });
}

function asset(bytes: Buffer, type: string, gzFile?: string): Asset {
  return {
    bytes,
    type,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
    encoded: {
      br: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzip: gzipOf(bytes, gzFile),
    },
  };
}

/** A file of the build, with the gzip the build made of it. */
function builtAsset(distDir: string, file: string, type: string): Asset {
  return asset(readFileSync(join(distDir, file)), type, join(distDir, `${file}.gz`));
}

/** The best encoding the client accepts (q=0 refuses one); identity when none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

const builds = new Map<string, WidgetBuild>();

/** The folder a build link points at now; the folder itself when it is not a link (or missing). */
function resolveBuild(distDir: string): string {
  try {
    return realpathSync(distDir);
  } catch {
    return distDir;
  }
}

/**
 * Reads a widget build once per folder; throws with a hint if it was not built. dist/widget is a
 * link that a concurrent build may repoint (widget/build/publish-dist.ts): every file is read from
 * the one build the link named when reading began, so the manifest and the files always match. If
 * that build is removed mid-read (a newer one replaced it), reading starts over from the new one.
 */
function readBuild(distDir: string): WidgetBuild {
  const cached = builds.get(distDir);
  if (cached) return cached;
  let build: WidgetBuild;
  try {
    build = readBuildFrom(resolveBuild(distDir));
  } catch {
    build = readBuildFrom(resolveBuild(distDir));
  }
  builds.set(distDir, build);
  return build;
}

function readBuildFrom(distDir: string): WidgetBuild {
  let manifest: { cacheVersion?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as { cacheVersion?: unknown };
  } catch (error) {
    throw new Error(`widget assets not found in ${distDir}: run \`npm run build:widget\` (${(error as Error).message})`);
  }
  if (typeof manifest.cacheVersion !== 'string' || !/^[0-9a-f]{8,64}$/.test(manifest.cacheVersion)) {
    throw new Error(`widget manifest in ${distDir} has no valid cacheVersion`);
  }
  const statics = new Map(STATIC_FILES.map(([folder, file, type]) => [`${folder}/${file}`, builtAsset(distDir, file, type)]));
  // Locale files, as listed in the manifest (a build without any serves English only).
  const files = (manifest as { files?: Record<string, unknown> }).files ?? {};
  for (const path of Object.keys(files)) {
    if (/^locales\/[a-z]{2}\.json$/.test(path)) statics.set(path, asset(readFileSync(join(distDir, path)), JSON_TYPE));
  }
  // The brands' logos: made from the brand table, one small file each, loaded only where shown.
  for (const code of ALL_BRAND_CODES) statics.set(`logos/${code}.svg`, asset(Buffer.from(brandLogoSvg(code)!), SVG));
  const build = { cacheVersion: manifest.cacheVersion, loader: builtAsset(distDir, 'paymentWidgets.js', JS), statics };
  const page = (field: FrameField) => asset(Buffer.from(frameHtml(build, field)), 'text/html; charset=utf-8');
  const framePages = Object.fromEntries(Object.keys(FRAME_FIELDS).map((f) => [f, page(f as FrameField)])) as Record<FrameField, Asset>;
  return { ...build, framePages };
}

/** sha384 of the exact loader bytes served from this build, as an SRI value ("sha384-…"). */
export function loaderIntegrity(distDir: string): string {
  return readBuild(distDir).loader.integrity;
}

/** The build's cache version: the <cacheVersion> segment of the static URLs (wpwl.cacheVersion). */
export function cacheVersion(distDir: string): string {
  return readBuild(distDir).cacheVersion;
}

/** frame-ancestors value: the allowed origins that are well-formed, '*' for any, 'none' if none survive. */
export function frameAncestorsDirective(origins: readonly string[]): string {
  if (origins.length === 0 || origins.includes('*')) return '*';
  const valid = origins.map((o) => o.replace(/\/$/, '')).filter((o) => ANCESTOR.test(o));
  return valid.length ? [...new Set(valid)].join(' ') : "'none'";
}

/**
 * The card-field page's CSP. No inline style: the frame script adopts its stylesheet (which CSP
 * does not govern) or, in an engine without constructed stylesheets, links frame.min.css ('self').
 */
export function frameCsp(ancestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/**
 * The card-field page: a title and the frame's script, nothing inline (the script brings the
 * stylesheet, frame-style.ts), and only what the browser needs: the charset is in Content-Type. The
 * script's path is relative so a path prefix works. It is a classic script at the end of the body,
 * which the browser fetches at high priority and runs once the (empty) body is parsed, as a
 * deferred one in the head would run, without the low priority Chromium gives deferred scripts.
 */
function frameHtml(build: Pick<WidgetBuild, 'statics' | 'cacheVersion'>, field: FrameField): string {
  const { title, script } = FRAME_FIELDS[field];
  const js = build.statics.get(`js/${script}`)!;
  return (
    `<!doctype html>\n<html lang="en"><head><title>${title}</title></head><body>` +
    `<script src="../../static/${build.cacheVersion}/js/${script}" integrity="${js.integrity}"></script>` +
    '</body></html>\n'
  );
}

/** The asset's body in the best encoding the client accepts, with the headers that say which. */
function encodedBody(request: FastifyRequest, reply: FastifyReply, a: Asset, encoding = pickEncoding(request.headers['accept-encoding'])): Buffer {
  reply.header('Content-Type', a.type).header('Vary', 'Accept-Encoding');
  if (encoding === 'identity') return a.bytes;
  reply.header('Content-Encoding', encoding);
  return a.encoded[encoding];
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, a: Asset, cacheControl: string): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  // One ETag per representation, as HTTP caches expect of differently encoded bodies.
  const etag = encoding === 'identity' ? a.etag : `${a.etag.slice(0, -1)}-${encoding}"`;
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('Access-Control-Allow-Origin', '*')
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .header('X-Content-Type-Options', 'nosniff');
  const match = request.headers['if-none-match'];
  if (typeof match === 'string' && match.split(',').some((t) => t.trim() === etag)) return reply.header('Vary', 'Accept-Encoding').status(304).send();
  return reply.send(encodedBody(request, reply, a, encoding));
}

export async function widgetAssetsRoutes(app: FastifyInstance, opts: WidgetAssetsOptions): Promise<void> {
  const { distDir } = opts;
  let build: WidgetBuild | undefined;
  /** Loaded at startup when present; a relay started before the build picks it up later. */
  const current = (): WidgetBuild | undefined => {
    if (!build) {
      try {
        build = readBuild(distDir);
      } catch (error) {
        app.log.warn({ err: error }, 'widget assets unavailable');
      }
    }
    return build;
  };
  current();

  const unavailable = (reply: FastifyReply) =>
    reply
      .status(503)
      .header('Cache-Control', 'no-store')
      .send({ result: resultView('999.999.999'), resultDetails: { ExtendedDescription: 'widget assets are not built (npm run build:widget)' } });

  app.get('/v1/paymentWidgets.js', (request, reply) => {
    const b = current();
    return b ? sendAsset(request, reply, b.loader, REVALIDATE) : unavailable(reply);
  });

  for (const folder of ['js', 'css', 'locales', 'logos'] as const) {
    app.get<{ Params: { cacheVersion: string; file: string } }>(`/v1/static/:cacheVersion/${folder}/:file`, (request, reply) => {
      const b = current();
      if (!b) return unavailable(reply);
      const a = request.params.cacheVersion === b.cacheVersion ? b.statics.get(`${folder}/${request.params.file}`) : undefined;
      return a ? sendAsset(request, reply, a, IMMUTABLE) : reply.callNotFound();
    });
  }

  app.get<{ Params: { id: string }; Querystring: { field?: string } }>('/v1/checkouts/:id/frame', async (request, reply) => {
    const b = current();
    if (!b) return unavailable(reply);
    const field = request.query.field;
    const id = request.params.id;
    if (!isFrameField(field) || !CHECKOUT_ID.test(id)) return reply.callNotFound();
    const allowed = await opts.frameAncestors(id);
    if (allowed === 'unknown') return reply.callNotFound();
    reply
      .header('Content-Security-Policy', frameCsp(frameAncestorsDirective(allowed)))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .header('Cache-Control', 'no-store');
    return reply.send(encodedBody(request, reply, b.framePages[field]));
  });
}
