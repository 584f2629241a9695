// docs/back-office.md against the code: its role table is the role table (domain/roles.ts), every
// action and every role, each cell what the role is granted.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS, ROLES, ROLE_TABLE, type Grant } from '../../src/domain/roles.js';
import { tableRows } from './markdown.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const DOC = 'docs/back-office.md';

/** How the doc writes a grant. */
function cellOf(grant: Grant | undefined): string {
  if (grant === undefined) return 'no';
  return grant === true ? 'yes' : 'up to the limit';
}

describe(DOC, () => {
  it('has the role table of domain/roles.ts: every action, every role, each grant', () => {
    const rows = tableRows(readFileSync(resolve(ROOT, DOC), 'utf8'), ['Action', ...ROLES]);
    const expected = ACTIONS.map((action) => [`\`${action}\``, ...ROLES.map((role) => cellOf(ROLE_TABLE[role][action]))]);
    expect(rows).toEqual(expected);
  });
});
