// Builds the back office's pages (backoffice/) into dist/backoffice/: index.html and hashed
// assets, served by the back office's own origin (server/src/backoffice/app.ts) under a strict
// CSP (`script-src 'self'; style-src 'self'`), so nothing may be inline: no modulepreload
// polyfill script, no asset turned into a data: URL. Each page but the first (sign-in and the
// shell) is its own chunk, loaded when it is opened: the first page stays within 60 KB gzip.
// Like the widget, each build writes a folder of its own and is published, once complete, by
// pointing the dist/backoffice symlink at it (widget/build/publish-dist.ts): a running back office
// reads its files per request, and would otherwise answer 404s while a rebuild empties the folder.

import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { newBuildDir, publishBuild } from './widget/build/publish-dist.js';

const root = resolve(import.meta.dirname, 'backoffice');
/** What the back office reads: a symlink to the latest complete build. */
const LINK = resolve(import.meta.dirname, 'dist/backoffice');
/** This build's own folder. */
const OUT = newBuildDir(LINK);

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact', legalComments: 'none' },
  plugins: [{ name: 'publish-build', apply: 'build', closeBundle: () => publishBuild(OUT, LINK) }],
  build: {
    outDir: OUT,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
