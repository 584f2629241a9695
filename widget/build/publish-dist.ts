// Publishing a widget build so that any number of builds may run at once from one checkout (relays
// started together each run `npm run build:widget`) and a relay never reads a half-written one.
//
// Each build writes into a folder of its own, `<link>-builds/<pid>-<random>/`; once every file is
// written, `<link>` (dist/widget) is pointed at it by renaming a new symlink over the old one, which
// is atomic: a reader resolves either the previous complete build or this complete build, never a
// mix, and two builds racing both succeed (the last rename wins; both outputs are complete). Chosen
// over "skip the build when dist/ is up to date, under a lock": deciding "up to date" would need a
// hash of every input, and a lock left by a killed build would need breaking.
//
// Old builds are removed by the next publish, except a build whose process is still running (it is
// about to publish) and the one the link points at. A relay reads a build once, into memory, so
// removing one it already read takes nothing from it.

import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

/** A fresh folder for one build's output, next to the link. */
export function newBuildDir(link: string): string {
  const dir = join(`${link}-builds`, `${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Moves a real folder left at `link` by the layout before builds were published aside, once. */
function moveLegacyFolder(link: string, buildsDir: string): void {
  let stat;
  try {
    stat = lstatSync(link);
  } catch {
    return;
  }
  if (!stat.isDirectory()) return;
  try {
    renameSync(link, join(buildsDir, `legacy-${randomBytes(6).toString('hex')}`));
  } catch (error) {
    // Another build moved it first.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Points `link` at the complete build in `buildDir` atomically, then removes builds nobody needs. */
export function publishBuild(buildDir: string, link: string): void {
  const buildsDir = dirname(buildDir);
  moveLegacyFolder(link, buildsDir);
  const next = `${link}.next-${process.pid}-${randomBytes(6).toString('hex')}`;
  symlinkSync(relative(dirname(link), buildDir), next, 'dir');
  renameSync(next, link);
  removeStaleBuilds(link, buildsDir);
}

function removeStaleBuilds(link: string, buildsDir: string): void {
  let current: string;
  try {
    current = basename(resolve(dirname(link), readlinkSync(link)));
  } catch {
    return;
  }
  for (const name of readdirSync(buildsDir)) {
    if (name === current) continue;
    const pid = /^(\d+)-[0-9a-f]+$/.exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && isRunning(Number(pid))) continue;
    rmSync(join(buildsDir, name), { recursive: true, force: true });
  }
}
