// Builds the back office's pages (backoffice/) into dist/backoffice/: index.html and hashed
// assets, served by the back office's own origin (server/src/backoffice/app.ts) under a strict
// CSP (`script-src 'self'; style-src 'self'`), so nothing may be inline: no modulepreload
// polyfill script, no asset turned into a data: URL. Each page but the first (sign-in and the
// shell) is its own chunk, loaded when it is opened: the first page stays within 60 KB gzip.

import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, 'backoffice');

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact', legalComments: 'none' },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/backoffice'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
