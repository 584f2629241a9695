// Builds the widget into dist/widget/ as plain IIFE scripts (no eval, no inline anything: merchant
// pages may run a strict CSP that allows only the relay host):
//   static.min.js + static.min.css  the main script and its stylesheet (merchant page)
//   frame.min.js  + frame.min.css   the card-field page's script and style (relay origin)
//   frame-fields.min.js             the expiry and holder pages' script (enableSAQACompliance)
//   locales/<code>.json             the texts of each locale but English, fetched on demand
//   extras.min.js                   what only some checkouts need (stored cards), loaded on demand
//                                    by the main script, which embeds its sha384
//   paymentWidgets.js               the loader, built last: byte-stable, it embeds the cache version
//                                    and the sha384 of the main script and stylesheet
//   manifest.json                   cache version and hashes, read by server/src/routes/widget-assets.ts
//   <file>.gz                       each script and stylesheet gzipped by zopfli, served as is
// Vite builds one IIFE entry per build, so `vite build --config vite.config.ts` runs the two asset
// builds from this config's `config` hook and then builds the loader itself.
// Every build writes into a folder of its own and is published, once complete, by pointing the
// dist/widget symlink at it (widget/build/publish-dist.ts): builds may run concurrently, and a
// relay never reads a half-written one. WIDGET_DIST_DIR puts the link elsewhere (tests).

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import { newBuildDir, publishBuild } from './widget/build/publish-dist.js';
import { writeGzipped } from './widget/build/gzip-files.js';

/** What relays read: a symlink to the latest complete build. */
const LINK = resolve(process.env.WIDGET_DIST_DIR || resolve(import.meta.dirname, 'dist/widget'));
/** This build's own folder. */
const OUT = newBuildDir(LINK);
/** wpwl.apiVersion. */
const API_VERSION = '1';
/** Syntax level of every output: what merchant pages' shoppers still run. */
const TARGET = 'es2020';

function iife(entry: string, file: string, cssFile?: string, define: Record<string, string> = {}): InlineConfig {
  return {
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    esbuild: {
      legalComments: 'none',
      // Class fields as plain constructor assignments: lowering them with `define` semantics makes
      // esbuild put helper variables outside the IIFE, i.e. globals on the merchant page.
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    },
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    build: {
      outDir: OUT,
      emptyOutDir: false,
      target: TARGET,
      // terser after esbuild's transform: its output is some 3% smaller once gzipped than
      // esbuild's minified code, which counts against the card form's 25 KB budget.
      minify: 'terser',
      terserOptions: { ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
      cssMinify: 'esbuild',
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: resolve(import.meta.dirname, entry),
        // The entries export nothing, so no global is assigned; the name is only required by Vite.
        name: 'wpwlBuild',
        formats: ['iife'],
        fileName: () => file,
        ...(cssFile ? { cssFileName: cssFile } : {}),
      },
    },
  };
}

/** widget/locales/*.json, minified, into locales/ of the build; returns their paths in it. */
function copyLocales(): string[] {
  const from = resolve(import.meta.dirname, 'widget/locales');
  mkdirSync(resolve(OUT, 'locales'), { recursive: true });
  return readdirSync(from)
    .filter((f) => /^[a-z]{2}\.json$/.test(f))
    .sort()
    .map((f) => {
      writeFileSync(resolve(OUT, 'locales', f), JSON.stringify(JSON.parse(readFileSync(resolve(from, f), 'utf8'))));
      return `locales/${f}`;
    });
}

const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Builds the assets first and hands their versions to the loader build as constants. */
function assetsFirst(): Plugin {
  return {
    name: 'paywidgets-assets-first',
    apply: 'build',
    async config() {
      await build(iife('widget/host/extras/main.ts', 'extras.min.js'));
      const extras = sha384(readFileSync(resolve(OUT, 'extras.min.js')));
      await build(iife('widget/host/main.ts', 'static.min.js', 'static.min', { __EXTRAS_INTEGRITY__: JSON.stringify(extras) }));
      await build(iife('widget/frame/main.ts', 'frame.min.js', 'frame.min'));
      await build(iife('widget/frame/fields.ts', 'frame-fields.min.js'));
      const locales = copyLocales();
      const files = ['static.min.js', 'static.min.css', 'frame.min.js', 'frame.min.css', 'frame-fields.min.js', 'extras.min.js', ...locales];
      const bytes = Object.fromEntries(files.map((f) => [f, readFileSync(resolve(OUT, f))]));
      const version = createHash('sha256');
      for (const f of files) version.update(f).update(bytes[f]!);
      const cacheVersion = version.digest('hex').slice(0, 16);
      const manifest = {
        cacheVersion,
        apiVersion: API_VERSION,
        files: Object.fromEntries(files.map((f) => [f, { integrity: sha384(bytes[f]!), bytes: bytes[f]!.length }])),
      };
      const integrity = (f: string) => manifest.files[f]!.integrity;
      writeFileSync(resolve(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
      await writeGzipped(OUT, ['static.min.js', 'static.min.css', 'frame.min.js', 'frame.min.css', 'frame-fields.min.js', 'extras.min.js']);
      return {
        define: {
          __CACHE_VERSION__: JSON.stringify(cacheVersion),
          __API_VERSION__: JSON.stringify(API_VERSION),
          __MAIN_INTEGRITY__: JSON.stringify(integrity('static.min.js')),
          __CSS_INTEGRITY__: JSON.stringify(integrity('static.min.css')),
        },
      };
    },
    // After the loader, the last file, is written: only a complete build is published.
    async writeBundle() {
      await writeGzipped(OUT, ['paymentWidgets.js']);
      publishBuild(OUT, LINK);
    },
  };
}

const { configFile: _inline, ...loader } = iife('widget/loader/loader.ts', 'paymentWidgets.js');

export default defineConfig({ ...loader, plugins: [assetsFirst()] });
