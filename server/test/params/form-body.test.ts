// The form-body parser: strict decoding (B7), no duplicates and bounded size (B4), no prototype
// keys (B3), and a Map as result.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type ParameterError } from '../../src/domain/errors.js';
import { FormParser } from '../../src/params/form-body.js';

const LIMITS = { maxParameters: 4000 };
const parser = new FormParser(LIMITS);
const parse = (raw: string): Map<string, string> => new Map(parser.parse(raw));

function apiErrorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

const parameterErrors = (raw: string): ParameterError[] => {
  const error = apiErrorOf(() => parser.parse(raw));
  expect(error.errorName).toBe('invalidParameters');
  expect(error.status).toBe(400);
  return error.parameterErrors ?? [];
};

describe('decoding', () => {
  it('returns a Map in arrival order, never a plain object', () => {
    const params = parser.parse('b=2&a=1&c=3');
    expect(params).toBeInstanceOf(Map);
    expect([...params.keys()]).toEqual(['b', 'a', 'c']);
  });

  it('reads + as a blank and %2B as a plus', () => {
    expect(parse('card.holder=Jane+Jones&customer.phone=%2B4930123')).toEqual(
      new Map([['card.holder', 'Jane Jones'], ['customer.phone', '+4930123']]),
    );
  });

  it('decodes percent-encoded UTF-8 in names and values', () => {
    expect(parse('customer.givenName=Jos%C3%A9&customParameters%5BSHOPPER_x%5D=%F0%9F%98%80')).toEqual(
      new Map([['customer.givenName', 'José'], ['customParameters[SHOPPER_x]', '😀']]),
    );
  });

  it('takes a name without = as an empty value, and skips empty pairs', () => {
    expect(parse('a&&b=&c=1&')).toEqual(new Map([['a', ''], ['b', ''], ['c', '1']]));
    expect(parse('')).toEqual(new Map());
  });

  it('keeps = inside a value', () => {
    expect(parse('threeDSecure.verificationId=AAACAgSRBklmQCFgMpEGAAAAAAA%3D&x=a=b')).toEqual(
      new Map([['threeDSecure.verificationId', 'AAACAgSRBklmQCFgMpEGAAAAAAA='], ['x', 'a=b']]),
    );
  });

  it('keeps a byte-order mark as a character instead of silently dropping it', () => {
    expect(parse('a=%EF%BB%BFx').get('a')).toBe('\uFEFFx');
  });

  it('accepts CR and LF inside values (the format checkers decide), never in names', () => {
    expect(parse('descriptor=a%0D%0Ab').get('descriptor')).toBe('a\r\nb');
  });

  it('parseQuery reads a query string with or without its ?', () => {
    expect(parser.parseQuery('?entityId=abc&x=%20')).toEqual(new Map([['entityId', 'abc'], ['x', ' ']]));
    expect(parser.parseQuery('entityId=abc')).toEqual(new Map([['entityId', 'abc']]));
  });
});

describe('B7 invalid encodings answer 400 malformedBody', () => {
  it.each([
    ['a lone %', 'amount=10%'],
    ['one hex digit', 'amount=%4'],
    ['non-hex digits', 'amount=%G0'],
    ['an invalid escape in a name', '%ZZ=1'],
    ['a continuation byte alone', 'a=%80'],
    ['an invalid lead byte', 'a=%FF'],
    ['a truncated sequence', 'a=%E2%82'],
    ['a broken sequence', 'a=%C3%28'],
    ['an overlong encoding of /', 'a=%C0%AF'],
    ['an encoded surrogate', 'a=%ED%A0%80'],
    ['a code point above U+10FFFF', 'a=%F4%90%80%80'],
    ['a raw lone surrogate', 'a=x\ud800'],
  ])('%s', (_what, raw) => {
    const error = apiErrorOf(() => parser.parse(raw));
    expect(error.errorName).toBe('malformedBody');
    expect(error.status).toBe(400);
  });
});

describe('B4 duplicates and size', () => {
  it('refuses a duplicate instead of choosing one value', () => {
    expect(parameterErrors('amount=1.00&amount=1000.00')).toEqual([{ name: 'amount', value: '', message: 'duplicate parameter' }]);
  });

  it('sees a duplicate through percent-encoding', () => {
    expect(parameterErrors('amount=1.00&%61mount=1000.00')).toEqual([{ name: 'amount', value: '', message: 'duplicate parameter' }]);
  });

  it('reports each duplicated name once, all of them', () => {
    expect(parameterErrors('a=1&b=1&a=2&a=3&b=2').map((e) => e.name)).toEqual(['a', 'b']);
  });

  it('accepts exactly maxParameters and answers 413 beyond', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `p${i}=v`).join('&');
    expect(new FormParser({ maxParameters: 10 }).parse(body(10)).size).toBe(10);
    const error = apiErrorOf(() => new FormParser({ maxParameters: 10 }).parse(body(11)));
    expect(error.errorName).toBe('bodyTooLarge');
    expect(error.status).toBe(413);
  });

  it('answers 413 at the first parameter past the limit, before decoding the rest', () => {
    // What follows the limit is malformed: a parser that read on would answer 400 instead.
    const body = [...Array.from({ length: 20_000 }, (_, i) => `cart.items[${i}].name=item${i}`), 'bad=%zz'].join('&');
    expect(apiErrorOf(() => parser.parse(body)).errorName).toBe('bodyTooLarge');
  });

  it('parses 20k distinct parameters when the limit allows them (timed in bench/params.ts)', () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `customParameters%5BSHOPPER_${i}%5D=v%20${i}`).join('&');
    const params = new FormParser({ maxParameters: 20_000 }).parse(body);
    expect(params.size).toBe(20_000);
    expect(params.get('customParameters[SHOPPER_19999]')).toBe('v 19999');
  });

  it('rejects 20k copies of one name as one duplicate error (timed in bench/params.ts)', () => {
    const body = Array.from({ length: 20_000 }, () => 'amount=1.00').join('&');
    const error = apiErrorOf(() => new FormParser({ maxParameters: 20_000 }).parse(body));
    expect(error.parameterErrors).toEqual([{ name: 'amount', value: '', message: 'duplicate parameter' }]);
  });
});

describe('names', () => {
  it.each([
    ['a CR', 'a%0Db=1'],
    ['a LF', 'a%0Ab=1'],
    ['a NUL', 'a%00b=1'],
    ['a TAB', 'a%09b=1'],
  ])('refuses %s in a name, without echoing the control character', (_what, raw) => {
    const [error] = parameterErrors(raw);
    expect(error).toEqual({ name: 'a\uFFFDb', value: '', message: 'control character in parameter name' });
  });

  it('refuses an empty name', () => {
    expect(parameterErrors('=x')).toEqual([{ name: '', value: '', message: 'empty parameter name' }]);
  });
});

describe('B3 prototype keys', () => {
  let before: string[];
  beforeAll(() => {
    before = Object.getOwnPropertyNames(Object.prototype).sort();
  });
  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it.each([
    '__proto__',
    '__proto__[x]',
    '__proto__.x',
    'constructor',
    'constructor.prototype.x',
    'constructor[prototype][x]',
    'a.__proto__.x',
    'a.prototype',
    'customParameters[__proto__]',
    'customParameters[constructor]',
    'merchant.data[prototype]',
    'cart.items[0].__proto__.x',
    'cart.items[__proto__].name',
    '%5F%5Fproto%5F%5F%5Bpolluted%5D',
  ])('refuses %s as a reserved name', (name) => {
    const errors = parameterErrors(`amount=1.00&${name}=yes`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ value: '', message: 'reserved name' });
  });

  it('leaves Object.prototype untouched and the next body parses normally', () => {
    apiErrorOf(() => parser.parse('__proto__[polluted]=yes&constructor.prototype.polluted=yes'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(parse('amount=1.00')).toEqual(new Map([['amount', '1.00']]));
  });

  it('accepts names that merely contain the words', () => {
    expect(parse('customParameters[SHOPPER_constructorName]=1&__RequestVerificationToken=t&protocol=x&prototypes=y').size).toBe(4);
  });
});

// The parser compares each name with the one the last body sent at the same position before it
// decodes anything: a body after another must parse exactly as it would alone.
describe('a body after another', () => {
  const alone = (raw: string): Map<string, string> | string => {
    try {
      return parse(raw);
    } catch (e) {
      return e instanceof ApiError ? `${e.errorName}:${JSON.stringify(e.parameterErrors ?? [])}` : String(e);
    }
  };

  it.each([
    ['a longer name that starts like the last one', 'amount=1.00&currency=EUR', 'amountX=1.00&currency=EUR'],
    ['a shorter name that the last one starts with', 'amountX=1.00', 'amount=1.00'],
    ['a name without a value, then with one', 'flag&b=2', 'flag=1&b=2'],
    ['a name with a value, then without one', 'flag=1&b=2', 'flag&b=2'],
    ['the same name, encoded differently', 'customParameters%5Bnote%5D=x', 'customParameters[note]=x'],
    ['the same text, now part of a broken escape', 'ab=1', 'ab%ZZ=1'],
    ['a name now sent twice', 'a=1&b=2', 'a=1&a=2'],
    ['a reserved name where an ordinary one was', 'x.y=1', 'x.__proto__=1'],
    ['names moved one position on', 'a=1&b=2&c=3', 'z=0&a=1&b=2&c=3'],
    ['an empty pair where a name was', 'a=1&b=2', 'a=1&&b=2'],
  ])('%s', (_case, first, second) => {
    const expected = alone(second);
    alone(first);
    expect(alone(second)).toEqual(expected);
    // And once more after itself, when every position matches.
    expect(alone(second)).toEqual(expected);
  });

  it('answers the values of this body, not the last one', () => {
    parse('amount=1.00&currency=EUR');
    expect(parse('amount=2.00&currency=USD')).toEqual(new Map([['amount', '2.00'], ['currency', 'USD']]));
  });
});

describe('memory', () => {
  it('keeps no body alive through the names it remembers', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    // Each body has a name never seen before (remembered) and 200 KB that must not be.
    for (let i = 0; i < 100; i++) parser.parse(`customer.givenName${String(i).padStart(6, '0')}=x&pad=${'y'.repeat(200_000)}`);
    gc();
    gc();
    // Kept alive, the bodies would be 20 MB; the names alone are a few kilobytes.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5_000_000);
  });
});
