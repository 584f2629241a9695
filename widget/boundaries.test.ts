// The widget's parts are split by where their code runs (docs/architecture.md, "The widget, step by step"): the
// host never imports the frames' code, the frames never import the host or the loader, the
// protocol imports neither side, the loader only the protocol. Each part's tsconfig.json lists
// the files it may compile; these tests prove that a crossing import fails the typecheck, and that
// no frame code reached the built page script.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
/** Parsed source files shared by every program below (the DOM's declarations alone are large). */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * Diagnostics of a part's tsconfig with one more source file in that part's folder, kept in
 * memory: the fixture a developer might write.
 */
function typecheckWith(part: string, fixture: string): string[] {
  const configPath = resolve(ROOT, 'widget', part, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath), undefined, configPath);
  const fixturePath = resolve(ROOT, 'widget', part, '__boundary_fixture__.ts');
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    if (resolve(name) === fixturePath) return ts.createSourceFile(name, fixture, language);
    if (!parsedFiles.has(name)) parsedFiles.set(name, getSourceFile(name, language, ...rest));
    return parsedFiles.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => resolve(name) === fixturePath || fileExists(name);
  const program = ts.createProgram({ rootNames: [...parsed.fileNames, fixturePath], options: parsed.options, host, projectReferences: parsed.projectReferences });
  return ts.getPreEmitDiagnostics(program).map((d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

// The first program parses the DOM's declarations (a few seconds on a quiet machine, many more
// while other suites run); the bound catches a hang, not a slow machine.
describe('the tsconfig of each widget part refuses imports across its boundary', { timeout: 120_000 }, () => {
  const crossings: Array<[part: string, from: string]> = [
    ['host', '../frame/sibling.js'],
    ['frame', '../host/wrap.js'],
    ['frame', '../loader/launch.js'],
    ['protocol', '../host/wrap.js'],
    ['protocol', '../frame/sibling.js'],
    ['protocol', '../loader/launch.js'],
    ['loader', '../host/wrap.js'],
    ['loader', '../frame/sibling.js'],
  ];
  for (const [part, from] of crossings) {
    it(`${part} importing ${from}`, () => {
      const errors = typecheckWith(part, `import * as other from '${from}';\nexport const used = other;\n`);
      expect(errors.some((e) => e.startsWith('TS6307 ') && e.includes(resolve(ROOT, 'widget', part, from.replace(/\.js$/, '.ts'))))).toBe(true);
    });
  }

  const allowed: Array<[part: string, from: string]> = [
    ['host', '../loader/handoff.js'],
    ['host', '../protocol/messages.js'],
    ['frame', '../protocol/messages.js'],
    ['loader', '../protocol/messages.js'],
  ];
  for (const [part, from] of allowed) {
    it(`${part} may import ${from}`, () => {
      expect(typecheckWith(part, `import * as other from '${from}';\nexport const used = other;\n`)).toEqual([]);
    });
  }
});

describe('the built page script holds no frame code', () => {
  const dist = resolve(ROOT, 'dist/widget');
  const read = (file: string): string => {
    const path = resolve(dist, file);
    if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build:widget first (npm test does)`);
    return readFileSync(path, 'utf8');
  };
  // Only the card frames use these: the CVV travels between the frames on a BroadcastChannel, and
  // a frame takes its key out of its URL with history.replaceState.
  const FRAME_MARKERS = ['BroadcastChannel', 'replaceState'];

  it('the markers are in the frame script, so their absence below means something', () => {
    const frame = read('frame.min.js');
    for (const marker of FRAME_MARKERS) expect(frame).toContain(marker);
  });

  for (const file of ['static.min.js', 'paymentWidgets.js']) {
    it(file, () => {
      const script = read(file);
      for (const marker of FRAME_MARKERS) expect([file, script.includes(marker)]).toEqual([file, false]);
    });
  }
});
