// The JSON Schema of each format notation the catalogue uses accepts what the relay's own checker
// (spec/format.ts) accepts, and refuses what it refuses, over values of every kind: a client that
// validates against the document refuses no request the relay takes, and sends none it refuses
// for its format (the exceptions, named below, are those a pattern cannot see).

import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../spec/endpoints.js';
import { checker } from '../../../spec/format.js';
import { formatSchema } from '../../src/openapi/format-schema.js';

const notations = new Set<string>();
for (const endpoint of Object.values(ENDPOINTS)) {
  for (const row of endpoint.accepts) notations.add(endpoint.formats[row.name] ?? row.format);
  for (const format of Object.values(endpoint.formats)) notations.add(format);
}

/**
 * Values of every kind the catalogue's formats take or refuse. Left out: what a pattern cannot see,
 * a real calendar date (February 30th has the shape of a date) and a URL's parse (a host a URL
 * parser refuses); there the schema is the wider of the two, and the relay's answer names the value.
 */
const CANDIDATES = [
  '', ' ', 'a', 'ab', 'abc', 'Jane Jones', 'tab\there', 'bell\u0007', 'é', '😀',
  '0', '1', '7', '9', '10', '12', '13', '24', '32', '59', '60', '99', '100', '1000', '12345', '05', '2034', '1899',
  '10.00', '10.0', '10.000', '1234567890.12', '12345678901.00', '0.5', '1.234', '-1', '1e3',
  'true', 'false', 'TRUE', 'EUR', 'eur', 'XXX', 'BRL', 'DE', 'de', 'ZZ', 'PA', 'DB', 'CP', 'RC', 'pa',
  '2026-11-22', '2026-11-22 12:00:00', '2026-11-22T12:00:00', '2026-13-01', '2026-11-22 24:00:00', '26-11-22',
  'https://shop.example/result', 'http://a.example', 'HTTPS://SHOP.EXAMPLE/', 'ftp://shop.example', 'https://shop.example/a b', 'shop.example',
  '*', '1,2', '1,*', 'PA,DB', 'PAYMENT', 'PAYMENT,RISK', 'PAYMENT,', 'VISA', 'DIRECTDEBIT_SEPA',
  '8a8294174b7ecb28014b9699220015ca', '8A8294174B7ECB28014B9699220015CA', '01a20320a200761d1caeffb2303ebf6c',
  '000.100.221', '000.100.2', '0 0 9 1 * ?', '0 0 9 1 * ? *', 'L', '1-5', '*/15', 'MON#2',
  'x'.repeat(127), 'x'.repeat(128), 'x'.repeat(255), 'x'.repeat(256),
];

const ajv = new Ajv2020({ strict: false, validateFormats: false });

describe.each([...notations].sort())('%s', (notation) => {
  it('accepts and refuses what the relay accepts and refuses', () => {
    const schemaValid = ajv.compile(formatSchema(notation));
    const disagree = CANDIDATES.filter((value) => (checker(notation)(value) === null) !== schemaValid(value));
    expect(disagree).toEqual([]);
  });
});
