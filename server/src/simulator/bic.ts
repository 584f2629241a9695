// BICs (ISO 9362) as the simulated bank compares them: an 8-character BIC names the institution's
// primary office, which its 11-character form writes with the branch code XXX, so MARKDEFF and
// MARKDEFFXXX are one BIC; a BIC with any other branch code is another office. BICs are upper case
// by the standard; the API's format also lets lower case through, read as the same letters.

const PRIMARY_OFFICE = 'XXX';

/** The 11-character form of a BIC. */
function fullBic(bic: string): string {
  const upper = bic.toUpperCase();
  return upper.length === 8 ? upper + PRIMARY_OFFICE : upper;
}

/** Whether two BICs name the same office. */
export function sameBic(a: string, b: string): boolean {
  return fullBic(a) === fullBic(b);
}
