// A format of the catalogue's notation (spec/format.ts) as the JSON Schema that accepts the same
// values: lengths as minLength/maxLength (both count code points, as the relay does), character
// classes and decimals as patterns, enums, currencies and countries as enums. The notation itself
// goes along as `x-format`, so a reader (or a client generator) can tell AN255 from a free string.

import { FormatNotationError } from '../../../spec/format.js';
import { ISO_3166_ALPHA2 } from '../../../spec/params/iso-3166.js';
import { ISO_4217 } from '../../../spec/params/iso-4217.js';

export type JsonSchema = Record<string, unknown>;

/** Text without control characters other than TAB, LF and CR (spec/format.ts, kind AN). */
const TEXT = '[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]';
const DATE = '[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])';
const TIME = '(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]';

/** Named formats as an unanchored pattern (one value), plus what else JSON Schema can say of them. */
const NAMED: Readonly<Record<string, { pattern: string; extra?: JsonSchema }>> = {
  bool: { pattern: '(?:true|false)', extra: { enum: ['true', 'false'] } },
  date: { pattern: DATE, extra: { format: 'date' } },
  datetime: { pattern: `${DATE} ${TIME}` },
  dateOrDatetime: { pattern: `${DATE}(?: ${TIME})?` },
  currency: { pattern: '[A-Z]{3}', extra: { enum: [...ISO_4217] } },
  country: { pattern: '[A-Z]{2}', extra: { enum: [...ISO_3166_ALPHA2] } },
};

/** Absolute http(s), URL-encoded (printable ASCII); the scheme in any case, as URL reads it. */
const URL_PATTERN = '[Hh][Tt][Tt][Pp][Ss]?://[\\x21-\\x7E]+';

/** The character class of each sized kind; lengths go to minLength/maxLength. */
const SIZED_PATTERNS = { AN: `${TEXT}*`, A: '[A-Za-z]*', N: '[0-9]*', url: URL_PATTERN, hookUrl: URL_PATTERN } as const;

/** A literal in a pattern compiled with the u flag, which allows escaping syntax characters only. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function repeat(single?: string, low?: string, high?: string): string {
  if (single !== undefined) return `{1,${single}}`;
  if (low !== undefined && high !== undefined) return `{${low},${high}}`;
  return '+';
}

/** One value of the notation as an unanchored pattern, for lists and for the sized kinds. */
export function valuePattern(notation: string): string {
  const named = NAMED[notation];
  if (named) return named.pattern;
  if (notation.startsWith('/')) return `(?:${notation.slice(2, -2)})`;
  if (notation.startsWith('enum(') && notation.endsWith(')')) return `(?:${notation.slice(5, -1).split(',').map(escapeRegex).join('|')})`;
  if (notation.startsWith('list(') && notation.endsWith(')')) {
    const inner = valuePattern(notation.slice(5, -1));
    return `(?:\\*|${inner}(?:,${inner})*)`;
  }
  const decimal = /^N(\d+)\.N(?:(\d+)|\{(\d+),(\d+)\})$/.exec(notation);
  if (decimal) return `[0-9]{1,${decimal[1]}}(?:\\.[0-9]${decimal[2] !== undefined ? `{${decimal[2]}}` : `{${decimal[3]},${decimal[4]}}`})?`;
  const sized = /^(AN|A|N|url|hookUrl)(?:(\d+)|\{(\d+),(\d+)\})?$/.exec(notation);
  if (sized) {
    const count = repeat(sized[2], sized[3], sized[4]);
    switch (sized[1]) {
      case 'AN':
        return `${TEXT}${count === '+' ? '*' : count}`;
      case 'A':
        return `[A-Za-z]${count}`;
      case 'N':
        return `[0-9]${count}`;
      default:
        return URL_PATTERN;
    }
  }
  throw new FormatNotationError(notation, 'not in the grammar of spec/format.ts');
}

function lengths(single?: string, low?: string, high?: string): JsonSchema {
  if (single !== undefined) return { minLength: 1, maxLength: Number(single) };
  if (low !== undefined && high !== undefined) return { minLength: Number(low), maxLength: Number(high) };
  return { minLength: 1 };
}

/** The JSON Schema of one parameter value written in the notation. */
export function formatSchema(notation: string): JsonSchema {
  const base: JsonSchema = { type: 'string', 'x-format': notation };
  const named = NAMED[notation];
  if (named) return { ...base, pattern: `^${named.pattern}$`, ...named.extra };
  if (notation.startsWith('enum(') && notation.endsWith(')')) return { ...base, enum: notation.slice(5, -1).split(',') };
  if (notation.startsWith('/')) return { ...base, pattern: notation.slice(1, -1) };
  const sized = /^(AN|A|N|url|hookUrl)(?:(\d+)|\{(\d+),(\d+)\})?$/.exec(notation);
  if (sized) {
    const url = sized[1] === 'url' || sized[1] === 'hookUrl';
    // A URL without a length is at most 2048 characters, as the checker reads it.
    const bounds = url && sized[2] === undefined && sized[3] === undefined ? { minLength: 1, maxLength: 2048 } : lengths(sized[2], sized[3], sized[4]);
    return { ...base, ...bounds, pattern: `^${SIZED_PATTERNS[sized[1] as keyof typeof SIZED_PATTERNS]}$`, ...(url ? { format: 'uri' } : {}) };
  }
  return { ...base, pattern: `^${valuePattern(notation)}$` };
}
