// Just enough Markdown for the docs' tests: the text outside code, headings and their anchors as
// GitHub makes them, links, and the rows of a table. The docs are plain CommonMark with pipe tables.

/** The lines of a document with fenced code blocks blanked out (line numbers stay true). */
export function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && opener) {
      fence = opener[1] ?? null;
      return '';
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      return '';
    }
    return line;
  });
}

/**
 * GitHub's anchor for a heading's text (github-slugger): lower case, inline markup and punctuation
 * dropped, each space a hyphen. Letters, digits, `_` and `-` stay, in any script.
 */
export function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link keeps its text
    .replace(/<[^>]+>/g, ''); // inline HTML
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document offers: its headings' slugs, a repeated one suffixed -1, -2 … as GitHub does. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface Link {
  target: string;
  line: number;
}

/** Inline links and images outside code (fenced or in backticks), with their line numbers. */
export function linksOf(text: string): Link[] {
  const links: Link[] = [];
  proseLines(text).forEach((line, index) => {
    const outsideCode = line.replace(/(`+)[^`]*?\1/g, '');
    for (const match of outsideCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1] ?? '', line: index + 1 });
    }
  });
  return links;
}

/** The body rows of the first pipe table whose header row is exactly `header`, split into trimmed cells. */
export function tableRows(text: string, header: readonly string[]): string[][] {
  const lines = proseLines(text);
  const cellsOf = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
  const start = lines.findIndex((line) => line.trim().startsWith('|') && cellsOf(line).join('\n') === header.join('\n'));
  if (start < 0) throw new Error(`no table with the header | ${header.join(' | ')} |`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const cells = cellsOf(line);
    if (cells.length !== header.length) throw new Error(`a row of ${cells.length} cells under a header of ${header.length}: ${line}`);
    rows.push(cells);
  }
  return rows;
}
