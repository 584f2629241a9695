// Files under public/ served as they are (styles, scripts, images, the gallery page).
// Only names made of a safe alphabet are looked up, so `..` and encoded tricks never reach the disk.

import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * `/assets/shop.css`, `/assets/themes/midnight.css` or `/gallery.html`: those folders only, no
 * dot-files, a known extension.
 */
const STATIC_PATH = /^\/(?:assets\/(?:themes\/)?)?[a-z0-9][a-z0-9-]*\.[a-z0-9]+$/;

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

export async function readStaticFile(publicDir: string, urlPath: string): Promise<StaticFile | undefined> {
  if (!STATIC_PATH.test(urlPath)) return undefined;
  const contentType = contentTypes[extname(urlPath)];
  if (contentType === undefined) return undefined;
  try {
    return { body: await readFile(join(publicDir, urlPath)), contentType };
  } catch {
    return undefined;
  }
}
