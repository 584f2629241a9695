// Every link in the docs resolves, and so does every Markdown file the code cites. A relative link
// must name a file that exists and, with `#anchor`, a heading of that file (GitHub's anchors); a
// citation in code (`docs/security-cases.md F1`, `docs/architecture.md, "The widget, step by step"`)
// must name a file of the repository and, when it names a section, a heading there.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, linksOf, proseLines, slugOf } from './markdown.js';

const ROOT = resolve(import.meta.dirname, '../../..');

const DOCS = ['README.md', 'bench/README.md', 'e2e/README.md', ...readdirSync(resolve(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Folders whose code may cite the docs, and the kinds of file read there. */
const CODE_FOLDERS = ['server/src', 'server/test', 'spec', 'widget', 'e2e', 'bench', 'types', 'public', '.ci'];
const CODE_FILES = /\.(ts|tsx|mts|mjs|js|css|html|json|md)$|^run$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'locales']);
/**
 * The reference of the service this project reimplements (its published widget surface), which
 * comments cite by its own path; it is not part of this repository.
 */
const OUTSIDE_THE_REPOSITORY = /^shared\/reference\//;

function filesUnder(folder: string): string[] {
  const absolute = resolve(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(absolute, name);
    if (statSync(path).isDirectory()) return filesUnder(relative(ROOT, path));
    return CODE_FILES.test(name) ? [relative(ROOT, path)] : [];
  });
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(path: string): Set<string> {
  let anchors = anchorCache.get(path);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path, 'utf8'));
    anchorCache.set(path, anchors);
  }
  return anchors;
}

/** What is wrong with a relative link from `from` (a file under ROOT), or undefined if it resolves. */
function brokenLink(from: string, target: string): string | undefined {
  const [pathPart = '', anchor] = target.split('#', 2);
  const file = pathPart === '' ? resolve(ROOT, from) : resolve(ROOT, dirname(from), decodeURIComponent(pathPart));
  if (!file.startsWith(ROOT)) return 'points outside the repository';
  if (!existsSync(file)) return `${relative(ROOT, file)} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (extname(file) !== '.md') return `an anchor into ${relative(ROOT, file)}, which is not Markdown`;
  return anchorsOfFile(file).has(anchor) ? undefined : `${relative(ROOT, file)} has no heading #${anchor}`;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

describe('links in the docs', () => {
  it.each(DOCS)('%s: every relative link and anchor resolves', (doc) => {
    const broken = linksOf(readFileSync(resolve(ROOT, doc), 'utf8'))
      .filter(({ target }) => !EXTERNAL.test(target))
      .flatMap(({ target, line }) => {
        const problem = brokenLink(doc, target);
        return problem ? [`${doc}:${line} (${target}): ${problem}`] : [];
      });
    expect(broken).toEqual([]);
  });

  it('finds the links it checks', () => {
    // A parser that found nothing would pass every file: the map of the docs alone has a dozen.
    expect(linksOf(readFileSync(resolve(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });
});

/** A cited Markdown file, optionally followed by `#anchor` or by `, "Section title"`. */
const CITATION = /(?<![\w./-])((?:[\w.-]+\/)*[\w.-]+\.md)(?:#([\w-]+)|,\s*"([^"\n]+)")?/g;

interface Citation {
  file: string;
  line: number;
  path: string;
  anchor?: string;
  section?: string;
}

function citationsIn(file: string): Citation[] {
  const text = readFileSync(resolve(ROOT, file), 'utf8');
  const lines = file.endsWith('.md') ? proseLines(text) : text.split('\n');
  return lines.flatMap((line, index) =>
    [...line.matchAll(CITATION)].map((m) => ({
      file,
      line: index + 1,
      path: m[1] ?? '',
      ...(m[2] ? { anchor: m[2] } : {}),
      ...(m[3] ? { section: m[3] } : {}),
    })),
  );
}

/** What is wrong with a citation, or undefined: paths are from the repository's root. */
function brokenCitation({ path, anchor, section }: Citation): string | undefined {
  if (OUTSIDE_THE_REPOSITORY.test(path)) return undefined;
  const file = resolve(ROOT, path);
  if (!existsSync(file)) return `${path} does not exist (cite it from the repository's root)`;
  const wanted = anchor ?? (section === undefined ? undefined : slugOf(section));
  if (wanted === undefined) return undefined;
  return anchorsOfFile(file).has(wanted) ? undefined : `${path} has no heading ${section === undefined ? `#${anchor}` : JSON.stringify(section)}`;
}

describe('Markdown files cited in code', () => {
  const citations = CODE_FOLDERS.flatMap(filesUnder).flatMap(citationsIn);

  it('finds the citations it checks', () => {
    expect(citations.filter((c) => c.path === 'docs/security-cases.md').length).toBeGreaterThan(5);
  });

  it('resolves every one, section titles included', () => {
    const broken = citations.flatMap((c) => {
      const problem = brokenCitation(c);
      return problem ? [`${c.file}:${c.line}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
