import { describe, expect, it } from 'vitest';
import { checkPassword, MAX_PASSWORD_CHARACTERS, MIN_PASSWORD_CHARACTERS } from '../../src/crypto/password-policy.js';

const EMAIL = 'jane.doe+shop@example.com';
const refusal = (password: string, email = EMAIL) => {
  const verdict = checkPassword(password, email);
  return verdict.ok ? 'ok' : verdict.reason;
};

describe('the password policy', () => {
  it('takes a long, uncommon password', () => {
    expect(checkPassword('violet tram hums at dusk', EMAIL)).toEqual({ ok: true });
    expect(refusal('Tr0ub4dor&3-extra')).toBe('ok');
  });

  it(`wants at least ${MIN_PASSWORD_CHARACTERS} characters, counted as code points rather than UTF-16 units`, () => {
    expect(refusal('k7#vQ2m!pX9')).toBe('too-short'); // 11
    expect(refusal('k7#vQ2m!pX9z')).toBe('ok'); // 12
    // Eleven emoji are 22 UTF-16 units but eleven characters: still too short.
    const emoji = '🔒🌊🦊🍋🚲🎻🧭🌵🪁🛶🧩';
    expect(emoji.length).toBe(22);
    expect(refusal(emoji)).toBe('too-short');
    expect(refusal(`${emoji}🎈`)).toBe('ok');
    // A decomposed é is two code points that NFC makes one.
    expect(refusal('cafe\u0301cafe\u0301xyz')).toBe('too-short');
  });

  it(`takes up to ${MAX_PASSWORD_CHARACTERS} characters and refuses more`, () => {
    const base = 'a passphrase that keeps going ';
    const exact = base.repeat(9).slice(0, MAX_PASSWORD_CHARACTERS);
    expect([...exact]).toHaveLength(256);
    expect(refusal(exact)).toBe('ok');
    expect(refusal(`${exact}x`)).toBe('too-long');
  });

  it('refuses a password from the list of common passwords, whatever its case', () => {
    for (const common of ['qwerty123456', 'password1234', '1qaz2wsx3edc', 'QwertyUIOP123', 'administrator']) {
      expect(refusal(common), common).toBe('common');
    }
  });

  it('refuses a common password dressed up with digits and symbols around it', () => {
    expect(refusal('Password123!')).toBe('common');
    expect(refusal('!!monkey2024!!')).toBe('common');
    expect(refusal('2024-iloveyou-2024')).toBe('common');
    // Letters inside are kept: this is not "password" any more.
    expect(refusal('pass-the-word-123')).toBe('ok');
  });

  it("refuses a password that contains the e-mail's local part, or its name before a +tag", () => {
    expect(refusal('my jane.doe+shop password')).toBe('contains-email');
    expect(refusal('Jane.Doe-is-the-best')).toBe('contains-email');
    expect(refusal('jane.doe1984!?', 'jane.doe@example.com')).toBe('contains-email');
    expect(refusal('jane doe plays jazz', EMAIL)).toBe('ok');
    // A one- or two-letter local part would refuse nearly everything: it is not checked.
    expect(refusal('just a jolly sentence', 'j@example.com')).toBe('ok');
  });
});
