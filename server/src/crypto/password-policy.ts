// What a back-office password must be, after NIST SP 800-63B: long enough, not one of the
// passwords attackers try first, and not the user's own e-mail name; no rules of composition
// (they make passwords harder to remember, not to guess). The answer names a reason a page shows.
//
// The list of common passwords is the one @zxcvbn-ts/language-common ships (MIT, about 49,000
// entries drawn from leaked-password corpora, lowercase): a maintained package rather than a file
// of our own. Loading it takes about 60 ms, once, when this module is first imported.

import { dictionary } from '@zxcvbn-ts/language-common';

/** Characters (Unicode code points, not UTF-16 units): an emoji or a CJK character counts once. */
export const MIN_PASSWORD_CHARACTERS = 12;
/** Long passphrases are welcome; past this a password is a paste gone wrong or an attack on the hash. */
export const MAX_PASSWORD_CHARACTERS = 256;

export type PasswordRefusal = 'too-short' | 'too-long' | 'common' | 'contains-email';
export type PasswordVerdict = { ok: true } | { ok: false; reason: PasswordRefusal };

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Everything before the first and after the last letter: "Password123!" is "password" dressed up. */
const NON_LETTER_EDGES = /^[^\p{L}]+|[^\p{L}]+$/gu;

function isCommon(lowered: string): boolean {
  if (COMMON_PASSWORDS.has(lowered)) return true;
  const core = lowered.replace(NON_LETTER_EDGES, '');
  return core.length > 0 && core !== lowered && COMMON_PASSWORDS.has(core);
}

/**
 * The parts of the e-mail's local part a password must not contain: the whole of it and, for
 * `name+tag@…`, the name. Parts shorter than three characters are left out (every password would
 * contain the "j" of j@example.com).
 */
function emailNames(email: string): string[] {
  const at = email.lastIndexOf('@');
  const local = (at < 0 ? email : email.slice(0, at)).normalize('NFC').toLowerCase();
  const names = [local, local.split('+')[0] ?? ''];
  return [...new Set(names)].filter((name) => [...name].length >= 3);
}

/** Whether `password` may be set for the user whose e-mail is `email`, or why not. */
export function checkPassword(password: string, email: string): PasswordVerdict {
  const normalized = password.normalize('NFC');
  const characters = [...normalized].length;
  if (characters < MIN_PASSWORD_CHARACTERS) return { ok: false, reason: 'too-short' };
  if (characters > MAX_PASSWORD_CHARACTERS) return { ok: false, reason: 'too-long' };
  const lowered = normalized.toLowerCase();
  if (emailNames(email).some((name) => lowered.includes(name))) return { ok: false, reason: 'contains-email' };
  if (isCommon(lowered)) return { ok: false, reason: 'common' };
  return { ok: true };
}
