// `{{name}}` placeholders in the pages under public/, filled with HTML-escaped text. Every value is
// escaped, so a relay answer or a query parameter can never add markup to a page. The one
// exception is Markup, which only fillRows makes: rows of a template of public/, each filled the
// same escaping way. A placeholder without a value is a programming error and throws, rather than
// shipping a page with a hole.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const PLACEHOLDER = /\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/** Markup made from the project's own templates (fillRows): the only value not escaped. */
export class Markup {
  #brand = true;
  constructor(readonly html: string) {
    void this.#brand;
  }
}

export type TemplateValue = string | Markup;

export function fillTemplate(template: string, values: Readonly<Record<string, TemplateValue>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template placeholder {{${name}}} has no value`);
    return value instanceof Markup ? value.html : escapeHtml(value);
  });
}

/** One copy of the row template of public/ `file` per row, each filled (escaped) with its values. */
export async function fillRows(publicDir: string, file: string, rows: readonly Readonly<Record<string, string>>[]): Promise<Markup> {
  const template = await readFile(join(publicDir, file), 'utf8');
  return new Markup(rows.map((row) => fillTemplate(template, row)).join(''));
}

/**
 * Reads the template on every call, so that a designer who edits public/ while `npm start` runs
 * sees the change on reload; the files are a few KB.
 */
export async function renderPage(publicDir: string, file: string, values: Readonly<Record<string, TemplateValue>>): Promise<string> {
  return fillTemplate(await readFile(join(publicDir, file), 'utf8'), values);
}
