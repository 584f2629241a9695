// The back office's pages: the files of its build (dist/backoffice/, written by the pages' build),
// and index.html for any other path that is not the API's, because the pages route on the client
// (a reload of /payments/abc must load the app, which then shows that payment). Without a build,
// a small plain page says how to make one. Files are looked up by a safe alphabet only, so `..`
// and encoded tricks never reach the disk.

import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BackofficeError } from './contract.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Folders and names of letters, digits, dot, dash and underscore; no dot-files, no `..`. */
const FILE_PATH = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[a-z0-9]+$/;
/** The build names its assets by their content hash: they never change under one URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NO_BUILD =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Back office not built</title>' +
  '<p>The back office\'s pages are not built. Run <code>npm run build:backoffice</code>, then reload.</p></html>\n';

async function fileAt(path: string): Promise<Buffer | undefined> {
  try {
    if (!(await stat(path)).isFile()) return undefined;
    return await readFile(path);
  } catch {
    return undefined;
  }
}

export function pageRoutes(app: FastifyInstance, distDir: string): void {
  // A path under /api that no route of the API has is no page: 404 (to who is signed in; the
  // guard answers 401 first to who is not, so nobody outside learns which API paths exist).
  app.all('/api/*', { config: { access: 'signedIn' } }, async () => {
    throw new BackofficeError('notFound', 'no such API route');
  });
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api') throw new BackofficeError('notFound', 'no such API route');
    const type = TYPES[extname(path)];
    if (FILE_PATH.test(path) && type !== undefined && !path.includes('..')) {
      const body = await fileAt(join(distDir, path));
      if (body) return reply.type(type).header('cache-control', path.startsWith('/assets/') ? IMMUTABLE : 'no-cache').send(body);
      // A file's path that names no file is a missing file, not a page of the app.
      throw new BackofficeError('notFound', 'no such file');
    }
    const index = await fileAt(join(distDir, 'index.html'));
    if (!index) return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NO_BUILD);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  });
}
