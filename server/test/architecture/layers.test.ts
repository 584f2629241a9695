// The layers, enforced: every relative import of server/src and spec/ (type-only imports and
// re-exports included) is resolved to the folder it lands in, and must not point up the order of
// layer-order.ts; nor may folders import each other in a cycle. Read with TypeScript's own
// scanner, so an import spread over lines or inside a comment is read as the compiler reads it.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LAYERS } from './layer-order.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = join(ROOT, 'server', 'src');
const SPEC = join(ROOT, 'spec');

/** Each folder's position in the order, and its layer's name. */
const POSITION = new Map<string, { index: number; layer: string }>();
LAYERS.flatMap((layer) => layer.folders.map((folder) => ({ folder, layer: layer.name }))).forEach(({ folder, layer }, index) => POSITION.set(folder, { index, layer }));

interface Import {
  /** The importing file, relative to the repository. */
  file: string;
  line: number;
  specifier: string;
  from: string;
  /** The folder the import lands in; undefined when it leaves server/src and spec/. */
  to: string | undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The folder a path of server/src or spec/ belongs to: `spec`, or the first folder under server/src. */
function folderOf(path: string): string | undefined {
  if (path === SPEC || path.startsWith(SPEC + sep)) return 'spec';
  if (!path.startsWith(SERVER + sep)) return undefined;
  const parts = relative(SERVER, path).split(sep);
  return parts.length > 1 ? parts[0] : '(server/src)';
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const from = folderOf(file) ?? '';
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  // preProcessFile lists `import`, `import type`, `export … from` and `import()` alike.
  return ts.preProcessFile(text, true, true).importedFiles
    .filter((imported) => imported.fileName.startsWith('.'))
    .map((imported) => ({
      file: relative(ROOT, file),
      line: ts.getLineAndCharacterOfPosition(source, imported.pos).line + 1,
      specifier: imported.fileName,
      from,
      to: folderOf(resolve(dirname(file), imported.fileName)),
    }));
}

const IMPORTS = [...sourceFiles(SERVER), ...sourceFiles(SPEC)].flatMap(importsOf);

function describeImport(i: Import): string {
  const where = (folder: string | undefined) => (folder === undefined ? 'outside server/src and spec/' : `${folder} (${POSITION.get(folder)?.layer ?? 'in no layer'})`);
  return `${i.file}:${i.line} imports '${i.specifier}': ${where(i.from)} -> ${where(i.to)}`;
}

/** Imports that break the order: upward, sideways to a later folder of the same layer, or out of the tree. */
export function importsAgainstTheOrder(imports: readonly Import[]): string[] {
  return imports
    .filter((i) => i.to !== i.from)
    .filter((i) => {
      const from = POSITION.get(i.from);
      const to = i.to === undefined ? undefined : POSITION.get(i.to);
      return from === undefined || to === undefined || to.index > from.index;
    })
    .map(describeImport);
}

/** Groups of folders that import each other, directly or around a loop (Tarjan's components). */
export function folderCycles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    if (i.to === undefined || i.to === i.from) continue;
    if (!edges.has(i.from)) edges.set(i.from, new Set());
    edges.get(i.from)!.add(i.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('layers', () => {
  it('reads the imports of every source file', () => {
    // A scanner that found nothing would pass every check below.
    expect(IMPORTS.length).toBeGreaterThan(500);
    expect(new Set(IMPORTS.map((i) => i.from))).toContain('payments');
  });

  it('places every folder of server/src in one layer, once', () => {
    const placed = LAYERS.flatMap((layer) => layer.folders);
    expect(placed.length).toBe(new Set(placed).size);
    const folders = readdirSync(SERVER, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((folder) => !POSITION.has(folder))).toEqual([]);
    expect(placed.filter((folder) => folder !== 'spec' && !folders.includes(folder))).toEqual([]);
  });

  it('has no import up the order', () => {
    expect(importsAgainstTheOrder(IMPORTS)).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(folderCycles(IMPORTS)).toEqual([]);
  });
});
