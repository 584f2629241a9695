// Reading a JSON body's fields for the back office's forms: each problem named by its parameter,
// all of them at once, so a page can mark every field that is wrong, never a 500. An absent body
// reads as an empty one (its required fields are then missing); one that is not an object is a
// problem named 'body'.

import { BackofficeError, type ParameterError } from './contract.js';

/** Longer than any password the policy accepts (256 characters of up to 4 bytes). */
export const MAX_PASSWORD_INPUT = 1024;
/** A TOTP code or a recovery code, with the spaces and dashes people type. */
export const MAX_CODE_INPUT = 64;

/** A 400 naming the one failing parameter, for a check that stops at its first problem. */
export function invalidParameter(name: string, message: string): BackofficeError {
  return new BackofficeError('invalidParameters', `${name} ${message}`, { parameters: [{ name, message }] });
}

export class BodyReader {
  readonly #fields: Record<string, unknown>;
  readonly problems: ParameterError[] = [];

  constructor(body: unknown) {
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    if (!isObject && body !== undefined && body !== null) this.problems.push({ name: 'body', message: 'body must be a JSON object' });
    this.#fields = (isObject ? body : {}) as Record<string, unknown>;
  }

  /** The raw value of a field (undefined when absent). */
  raw(name: string): unknown {
    return this.#fields[name];
  }

  /**
   * A required non-empty string of at most `max` characters. When it is not one, a problem is
   * noted and '' answered: done() throws before such a value is used.
   */
  text(name: string, max: number): string {
    const value = this.#fields[name];
    if (typeof value !== 'string' || value === '') this.problems.push({ name, message: `${name} is required` });
    else if (value.length > max) this.problems.push({ name, message: `${name} is longer than ${max} characters` });
    else return value;
    return '';
  }

  /** A required boolean; when it is not one, a problem is noted and false answered (see text). */
  boolean(name: string): boolean {
    const value = this.#fields[name];
    if (typeof value === 'boolean') return value;
    this.problems.push({ name, message: `${name} must be true or false` });
    return false;
  }

  problem(name: string, message: string): void {
    this.problems.push({ name, message });
  }

  /** Throws 400 invalidParameters naming every problem found, if any. */
  done(message: string): void {
    if (this.problems.length > 0) throw new BackofficeError('invalidParameters', message, { parameters: this.problems });
  }
}
