// Fetches the one locale file a page shows (texts.ts), from the build's static folder next to the
// main script: immutable and CORS-readable like the other widget files. English needs no request;
// a locale that cannot be had (network, a broken file) falls back to English rather than leaving
// the form undrawn.

import { localeCode, type Locale } from './texts.js';

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A locale file's JSON, if it has the shape; its texts are checked key by key in textsFor. */
export function parseLocale(json: unknown): Locale | null {
  if (!isObj(json) || typeof json.lang !== 'string' || !/^[a-z]{2,3}$/.test(json.lang)) return null;
  if (!isObj(json.labels) || !isObj(json.errors) || !isObj(json.messages)) return null;
  return { lang: json.lang, dir: json.dir === 'rtl' ? 'rtl' : 'ltr', labels: json.labels, errors: json.errors, messages: json.messages } as unknown as Locale;
}

/** The URL of a locale's file under `staticDir` (<base>/v1/static/<cacheVersion>); null for English. */
export function localeUrl(staticDir: string, locale: string): string | null {
  const code = localeCode(locale);
  return code && code !== 'en' ? `${staticDir}/locales/${code}.json` : null;
}

export async function loadLocale(staticDir: string, locale: string, signal: AbortSignal): Promise<Locale | null> {
  const url = localeUrl(staticDir, locale);
  if (!url) return null;
  try {
    const res = await fetch(url, { mode: 'cors', credentials: 'omit', signal });
    return res.ok ? parseLocale(await res.json()) : null;
  } catch {
    return null;
  }
}
