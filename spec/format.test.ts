// Every format notation the catalogue uses is parsed here and tried on valid and invalid values:
// sized and enum notations by their own boundaries, every other notation by the samples below.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.js';
import { checker, formatAmount, FormatNotationError, MAX_AMOUNT_MINOR, parseAmount, parseFormat } from './format.js';
import { REQUEST_ROWS, RESPONSE_SECTIONS } from './params/index.js';
import { ISO_3166_ALPHA2 } from './params/iso-3166.js';
import { ISO_4217 } from './params/iso-4217.js';

function usedNotations(): string[] {
  const used = new Set<string>();
  for (const row of [...REQUEST_ROWS, ...Object.values(RESPONSE_SECTIONS).flat()]) {
    used.add(row.format);
    if (row.key !== undefined) used.add(row.key);
  }
  for (const endpoint of Object.values(ENDPOINTS)) for (const f of Object.values(endpoint.formats)) used.add(f);
  return [...used].sort();
}

const SIZED = /^(AN|A|N)(?:(\d+)|\{(\d+),(\d+)\})?$/;

/** Samples for every notation that is neither sized (AN, A, N) nor an enum. */
const SAMPLES: Record<string, { valid: string[]; invalid: string[] }> = {
  'N10.N2': { valid: ['10.00', '10', '0.50', '9999999999.99', '0'], invalid: ['10.0', '10.001', '-1.00', '1e3', '0x10', ' 10.00', '10,00', '１０.００', 'NaN', '', '12345678901.00', '.50', '10.'] },
  'N8.N2': { valid: ['12345678.90', '1'], invalid: ['123456789.00', '1.5'] },
  'N12.N{1,3}': { valid: ['1', '2.5', '2.125', '123456789012'], invalid: ['2.1234', '1234567890123', '-1', '2.'] },
  url2048: { valid: ['https://shop.example/item/1', 'http://localhost:8081/x'], invalid: ['shop.example/item', 'ftp://shop.example/x', 'javascript:alert(1)', 'https://shop.example/a b', `https://e.example/${'a'.repeat(2040)}`] },
  'url{6,2048}': { valid: ['https://shop.example/result?order=1', 'http://a.b'], invalid: ['', 'http:/', 'data:text/html,hi', 'https://shop.example/ré', 'https://shop.example/\r\nx'] },
  'hookUrl{6,2048}': { valid: ['https://shop.example/hooks?order=1', 'http://a.b'], invalid: ['', 'http:/', 'ftp://shop.example/hooks', 'https://user:pass@shop.example/hooks', 'https://user@shop.example/hooks', 'https://:pass@shop.example/hooks'] },
  bool: { valid: ['true', 'false'], invalid: ['TRUE', '1', 'yes', ''] },
  date: { valid: ['2024-02-29', '2000-02-29', '1999-12-31'], invalid: ['2023-02-29', '1900-02-29', '2024-13-01', '2024-04-31', '2024-1-01', '24-01-01', '0000-01-01', '2024-01-01 10:00:00'] },
  datetime: { valid: ['2024-02-29 23:59:59', '2024-01-01 00:00:00'], invalid: ['2024-02-30 10:00:00', '2024-01-01 24:00:00', '2024-01-01 10:60:00', '2024-01-01T10:00:00', '2024-01-01'] },
  currency: { valid: ['EUR', 'USD', 'BRL', 'MXN', 'COP', 'JPY'], invalid: ['eur', 'EURO', 'EU', 'COL', 'ABC', 'XYZ', 'ＥＵＲ', ' EUR', 'HRK'] },
  country: { valid: ['DE', 'BR', 'MX', 'CO', 'US', 'GB'], invalid: ['de', 'UK', 'XK', 'EU', 'DEU', 'D', 'ZZ'] },
  '/^(0[1-9]|1[0-2])$/': { valid: ['01', '09', '12'], invalid: ['1', '00', '13', '１２'] },
  '/^(19|20)[0-9]{2}$/': { valid: ['1999', '2034'], invalid: ['34', '2134', '20345'] },
  '/^(100(\\.0{1,2})?|[0-9]{1,2}(\\.[0-9]{1,2})?)$/': { valid: ['0', '19', '7.5', '99.99', '100', '100.00'], invalid: ['100.01', '101', '-1', '7.555'] },
  '/^(?=.{2,8}$)[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/': { valid: ['en', 'de-DE', 'pt-BR'], invalid: ['e', 'en_US', 'de-DE-1996x', '12'] },
  '/^0[1-4]$/': { valid: ['01', '04'], invalid: ['05', '1', '00'] },
  '/^0[1-8]$/': { valid: ['01', '05', '08'], invalid: ['09', '5', '00'] },
  '/^0[1-9]$/': { valid: ['01', '09'], invalid: ['10', '00', '9'] },
  '/^[+-]?[0-9]{1,4}$/': { valid: ['-120', '60', '+330', '0'], invalid: ['12345', '1.5', ''] },
  '/^[+-]?[0-9]{1,5}$/': { valid: ['-99999', '99999', '+0'], invalid: ['100000', 'x'] },
  '/^[+0-9]\\P{Cc}{4,24}$/': { valid: ['+4915112345678', '01234'], invalid: ['1234', 'a12345', '+49\n1511234'] },
  '/^[+0-9]\\P{Cc}{6,24}$/': { valid: ['+49 30 1234567', '0301234'], invalid: ['030123', '(030) 1234567'] },
  '/^[0-9.]{2,11}$/': { valid: ['000.000.000', '00'], invalid: ['0', '000.000.0000', '000-000'] },
  '/^[0-9A-Za-z*?,/#-]{1,64}$/': { valid: ['*', '1,4,7,10', '0/15', '6#3', 'L', '15W', 'MON-FRI', '?'], invalid: ['', '1 2', '1;2', 'x'.repeat(65)] },
  '/^[0-9A-Za-z*?,/#-]+( [0-9A-Za-z*?,/#-]+){5,6}$/': { valid: ['0 0 12 * * ?', '0 15 10 ? * MON-FRI 2030'], invalid: ['* * * * *', '0 0 12 * * ? 2030 x', '0  0 12 * * ?'] },
  '/^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?[+-][0-9]{4}$/': { valid: ['2024-01-01 10:00:00+0000', '2024-01-01 10:00:00.123456-0300'], invalid: ['2024-01-01 10:00:00', '2024-01-01T10:00:00Z'] },
  '/^[12]\\.[0-9]\\.[0-9]$/': { valid: ['1.0.2', '2.2.0'], invalid: ['3.0.0', '2.2', '2.10.0'] },
  '/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,27}$/': { valid: ['DE23100000001234567890', 'AT611904300234573201'], invalid: ['de23100000001234567890', 'DE2310000000', 'DE23 1000 0000 1234 5678 90'] },
  '/^[A-Za-z-]{1,256}$/': { valid: ['MANDATE-abc'], invalid: ['MANDATE-1', 'a'.repeat(257)] },
  '/^[A-Za-z0-9 -]{1,30}$/': { valid: ['SW1A 1AA', '01310-100', '10115'], invalid: ['10115/1', 'a'.repeat(31)] },
  '/^[A-Za-z0-9+/=]{1,64}$/': { valid: ['AAECAwQFBgcICQoLDA0ODxAREhM='], invalid: ['a'.repeat(65), 'not base64!'] },
  '/^[A-Za-z0-9+/=]{28}$/': { valid: ['AAACAgSRBklmQCFgMpEGAAAAAAA='], invalid: ['AAACAgSRBklmQCFgMpEGAAAAAA', 'AAACAgSRBklmQCFgMpEGAAAAA!='] },
  '/^[A-Za-z0-9-]{1,69}$/': { valid: ['8a82944a4cc25ebf014cc2c782423202_8fc4c8b1'.replace('_', '-')], invalid: ['a_b', 'a'.repeat(70)] },
  '/^[A-Za-z0-9.-]{32,48}$/': { valid: ['0123456789abcdef0123456789abcdef.uat01-vm-tx04'], invalid: ['short', '0123456789abcdef0123456789abcdef_x'] },
  '/^[A-Za-z0-9._]{1,64}$/': { valid: ['AcquirerResponse', 'a'], invalid: ['', 'a b', 'a'.repeat(65)] },
  '/^[A-Za-z0-9._]{3,64}$/': { valid: ['SHOPPER_order.id', 'abc'], invalid: ['ab', 'a-b-c', 'a'.repeat(65), '__proto__x y'] },
  '/^[A-Za-z0-9]{32}$/': { valid: ['8ac7a4a1845f7e8b01846034a5bb3cc5'], invalid: ['8ac7a4a1845f7e8b01846034a5bb3cc', '8ac7a4a1845f7e8b01846034a5bb3cc5-'] },
  '/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/': { valid: ['MARKDEF1', 'MARKDEF1100'], invalid: ['MARKDEF', 'MARKDEF110', 'MARKDEF11000'] },
  '/^[A-Za-z0-9_]{1,32}$/': { valid: ['VISA', 'DIRECTDEBIT_SEPA'], invalid: ['VISA MASTER', 'a'.repeat(33), 'VISA-X'] },
  '/^[A-Za-z0-9_]{2,32}$/': { valid: ['VISA', 'CARTEBANCAIRE'], invalid: ['V', 'VISA.X'] },
  "/^[\\p{L}\\p{M} .'-]{1,80}$/": { valid: ["St. John's", 'São Paulo', 'Aix-en-Provence'], invalid: ['Berlin 10115', 'a'.repeat(81)] },
  '/^[\\p{L}\\p{N}. -]{1,50}$/': { valid: ['NY', 'New York', 'Rio de Janeiro', 'Île-de-France'], invalid: ['NY;', 'a'.repeat(51)] },
  '/^[a-f0-9]{32}$/': { valid: ['8a8294174b7ecb28014b9699220015ca'], invalid: ['8A8294174B7ECB28014B9699220015CA', '8a8294174b7ecb28014b9699220015c', 'g'.repeat(32)] },
  'list(N{4,4})': { valid: ['*', '2025', '2025,2026'], invalid: ['25', '2025,', '2025;2026', '**'] },
  'list(/^(0?[1-9]|1[0-2])$/)': { valid: ['*', '01', '1,6,12'], invalid: ['13', '00', '1-3'] },
  'list(/^(0?[1-9]|[12][0-9]|3[01])$/)': { valid: ['*', '1', '15,31'], invalid: ['32', '0'] },
  'list(/^([01]?[0-9]|2[0-3])$/)': { valid: ['*', '0', '23', '09,17'], invalid: ['24', '1 2'] },
  'list(/^[0-5]?[0-9]$/)': { valid: ['*', '0', '59', '00,30'], invalid: ['60', '-1'] },
  'list(/^[1-7]$/)': { valid: ['*', '1', '1,7'], invalid: ['0', '8', '1,,2'] },
  dateOrDatetime: { valid: ['2024-02-29', '2024-02-29 23:59:59'], invalid: ['2024-02-30', '2024-01-01 24:00:00', '2024-01-01T10:00:00', '2024-1-01'] },
  'list(enum(PA,DB,CD,CP,RV,RF,RC,CB,CR))': { valid: ['*', 'DB', 'DB,PA,CB'], invalid: ['XX', 'DB,', 'db'] },
  'list(enum(CC,DD,VA,WA,VO))': { valid: ['*', 'CC', 'CC,VO'], invalid: ['XX', 'CC;VO'] },
  // External gateways' names (spec/params/gateway.ts): a Brazilian postcode and a CPF or CNPJ.
  '/^[0-9]{5}-?[0-9]{3}$/': { valid: ['01310100', '01310-100'], invalid: ['0131010', '01310 100', '01310-1000'] },
  '/^([0-9]{11}|[0-9]{14})$/': { valid: ['52998224725', '11444777000161'], invalid: ['5299822472', '529982247250', '529.982.247-25'] },
};

describe('format notations used by the catalogue', () => {
  const notations = usedNotations();

  it.each(notations)('%s parses', (notation) => {
    expect(typeof parseFormat(notation)).toBe('function');
  });

  it('every notation outside the sized and enum kinds has samples here', () => {
    const missing = notations.filter((n) => !SIZED.test(n) && !n.startsWith('enum(') && !(n in SAMPLES));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(SAMPLES))('%s accepts its valid and refuses its invalid samples', (notation, { valid, invalid }) => {
    const check = checker(notation);
    for (const v of valid) expect(check(v), `${JSON.stringify(v)} should be valid`).toBeNull();
    for (const v of invalid) expect(check(v), `${JSON.stringify(v)} should be invalid`).toEqual(expect.any(String));
  });

  it.each(notations.filter((n) => SIZED.test(n)))('%s holds its length bounds and character class', (notation) => {
    const m = SIZED.exec(notation)!;
    const min = m[3] !== undefined ? Number(m[3]) : 1;
    const max = m[2] !== undefined ? Number(m[2]) : m[4] !== undefined ? Number(m[4]) : undefined;
    const unit = m[1] === 'N' ? '7' : m[1] === 'A' ? 'Q' : 'é';
    const check = checker(notation);
    expect(check(unit.repeat(Math.max(min, 1)))).toBeNull();
    if (max !== undefined) {
      expect(check(unit.repeat(max))).toBeNull();
      expect(check(unit.repeat(max + 1))).toMatch(/at most|exactly/);
    }
    if (min > 0) expect(check(unit.repeat(min - 1))).toEqual(expect.any(String));
    else expect(check('')).toBeNull();
    const wrong = m[1] === 'N' ? '７' : m[1] === 'A' ? '1' : '\u0000';
    expect(check(unit.repeat(Math.max(min, 1) - 1) + wrong)).toEqual(expect.any(String));
  });

  it.each(notations.filter((n) => n.startsWith('enum(')))('%s accepts exactly its values', (notation) => {
    const values = notation.slice(5, -1).split(',');
    const check = checker(notation);
    for (const v of values) expect(check(v)).toBeNull();
    for (const v of values) expect(check(` ${v}`)).toMatch(/^must be one of /);
    expect(check('')).toMatch(/^must be one of /);
    expect(check('UNLISTED_VALUE')).toMatch(/^must be one of /);
  });

  it('parses each notation once and shares the checker', () => {
    expect(checker('AN255')).toBe(checker('AN255'));
  });

  it.each(['X12', 'AN{5,3}', 'enum()', 'enum(A,,B)', '/abc/', '/^(unclosed$/', '/^a$/i', 'list(Q)', 'constructor', '__proto__', ''])(
    'refuses the notation %j',
    (notation) => {
      expect(() => parseFormat(notation)).toThrow(FormatNotationError);
    },
  );
});

describe('messages', () => {
  it('are short English sentences naming the rule', () => {
    expect(checker('AN255')('x'.repeat(256))).toBe('must be at most 255 characters');
    expect(checker('AN{8,255}')('short')).toBe('must be at least 8 characters');
    expect(checker('N10.N2')('1.5')).toBe('must match ^[0-9]{1,10}(\\.[0-9]{2})?$');
    expect(checker('enum(PA,DB)')('CP')).toBe('must be one of PA, DB');
    expect(checker('N{12,19}')('4200 0000 0000 0000')).toBe('must contain ASCII digits 0-9 only');
  });

  it('AN counts code points, so an emoji is one character', () => {
    expect(checker('AN{2,2}')('😀😀')).toBeNull();
    expect(checker('AN2')('😀😀😀')).toBe('must be at most 2 characters');
  });

  it('AN refuses control characters except TAB, CR and LF, and lone surrogates', () => {
    const check = checker('AN255');
    expect(check('line one\r\nline two\tend')).toBeNull();
    for (const bad of ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b']) expect(check(bad)).toEqual(expect.any(String));
  });
});

describe('B1 amounts', () => {
  const amount = checker('N10.N2');

  it.each(['10.00', '10', '0.01', '0', '9999999999.99', '0000000001.00'])('accepts %j', (v) => {
    expect(amount(v)).toBeNull();
  });

  it.each([
    '10.0', '10.001', '-1.00', '+1.00', '1e3', '1E3', '0x10', ' 10.00', '10.00 ', '10,00', '１０.００', '١٠.٠٠',
    'NaN', 'Infinity', '', '.', '10.', '.10', '12345678901', '12345678901.00', '1_000.00', '10.00\n',
  ])('refuses %j', (v) => {
    expect(amount(v)).toEqual(expect.any(String));
  });

  it('parseAmount reads exactly the accepted amounts into minor units', () => {
    expect(parseAmount('10.00')).toBe(1000);
    expect(parseAmount('10')).toBe(1000);
    expect(parseAmount('0.07')).toBe(7);
    expect(parseAmount('9999999999.99')).toBe(MAX_AMOUNT_MINOR);
    expect(parseAmount('10.0')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
  });

  it('formatAmount refuses what no amount can be', () => {
    for (const bad of [-1, 0.5, MAX_AMOUNT_MINOR + 1, Number.NaN]) expect(() => formatAmount(bad)).toThrow(RangeError);
  });

  it('property: parse(format(x)) === x over the whole range, and format(x) is always accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), (minor) => {
        const text = formatAmount(minor);
        expect(amount(text)).toBeNull();
        expect(text).toMatch(/^[0-9]{1,10}\.[0-9]{2}$/);
        expect(parseAmount(text)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: any string of the grammar is accepted and round-trips through minor units', () => {
    const grammar = fc
      .tuple(fc.stringMatching(/^[0-9]{1,10}$/), fc.option(fc.stringMatching(/^[0-9]{2}$/), { nil: undefined }))
      .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));
    fc.assert(
      fc.property(grammar, (text) => {
        expect(amount(text)).toBeNull();
        const minor = parseAmount(text);
        expect(minor).not.toBeNull();
        expect(parseAmount(formatAmount(minor!))).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the checker and parseAmount agree with the reference grammar on arbitrary strings', () => {
    const reference = /^[0-9]{1,10}(\.[0-9]{2})?$/;
    const candidates = fc.oneof(fc.string(), fc.stringMatching(/^[-+ 0-9.,eEx１]{0,14}$/));
    fc.assert(
      fc.property(candidates, (text) => {
        expect(amount(text) === null).toBe(reference.test(text));
        expect(parseAmount(text) !== null).toBe(reference.test(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('B2 currencies and ISO code lists', () => {
  it('holds ISO 4217 list A.1: 179 distinct three-letter codes, sorted', () => {
    expect(ISO_4217).toHaveLength(179);
    expect(new Set(ISO_4217).size).toBe(ISO_4217.length);
    expect([...ISO_4217].sort()).toEqual(ISO_4217);
    for (const code of ISO_4217) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('agrees with the currencies the runtime knows, apart from funds codes and withdrawn ones', () => {
    const runtime = new Set(Intl.supportedValuesOf('currency'));
    const withdrawn = ['CUC', 'HRK', 'SLL', 'ZWL'];
    expect([...runtime].filter((c) => !ISO_4217.includes(c) && !withdrawn.includes(c))).toEqual([]);
  });

  it('accepts exactly the listed codes', () => {
    const currency = checker('currency');
    for (const code of ISO_4217) expect(currency(code)).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{3}$/), (code) => {
        expect(currency(code) === null).toBe(ISO_4217.includes(code));
      }),
    );
  });

  it('holds the 249 ISO 3166-1 alpha-2 codes, each a region the runtime can name', () => {
    expect(ISO_3166_ALPHA2).toHaveLength(249);
    expect(new Set(ISO_3166_ALPHA2).size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of ISO_3166_ALPHA2) expect(names.of(code)).not.toBe(code);
  });
});

describe('B7 card fields: ASCII digits only', () => {
  const number = checker('N{12,19}');
  it.each(['４２００００００００００００００００', '٤٢٠٠٠٠٠٠٠٠٠٠٠٠٠٠', '४२००००००००००००००', '4200 0000 0000 0000', '4200-0000-0000-0000', '42000000000000００'])(
    'refuses %j',
    (v) => {
      expect(number(v)).toBe('must contain ASCII digits 0-9 only');
    },
  );
  it('accepts 12 to 19 ASCII digits', () => {
    expect(number('4200000000000000')).toBeNull();
    expect(number('420000000000')).toBeNull();
    expect(number('42000000000')).toBe('must be at least 12 characters');
    expect(number('42000000000000000000')).toBe('must be at most 19 characters');
  });
});
