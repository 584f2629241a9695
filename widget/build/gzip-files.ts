// The scripts and stylesheets gzipped once, at build time, by zopfli: a deflate encoder that
// searches much harder than zlib's level 9 and writes a stream any gzip decoder reads, some 4%
// smaller for the widget's files. Too slow to run per request or at a relay's start (about a second
// for all of them), so the build writes <file>.gz beside each file and the relay serves those
// (server/src/routes/widget-assets.ts), checking that each unpacks to its file.

import { gzipAsync } from '@gfx/zopfli';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Rounds of zopfli's search: past 15 the files shrink by a few bytes for much more time. */
const ITERATIONS = 15;

export async function writeGzipped(dir: string, files: readonly string[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const bytes = readFileSync(resolve(dir, file));
      writeFileSync(resolve(dir, `${file}.gz`), await gzipAsync(bytes, { numiterations: ITERATIONS }));
    }),
  );
}
