// Types shared by the form-body parser, the catalogue validator and the routes.
import type { OperationName } from '../../../spec/endpoints.js';
import type { ParameterError } from '../domain/errors.js';

/** A parsed form body: each name exactly once, in arrival order. Never a plain object (B3). */
export type FlatParams = ReadonlyMap<string, string>;

/** A nested, null-prototype view of dotted and indexed names, for echoing structures back. */
export interface Nested {
  [key: string]: string | Nested | Nested[] | string[];
}

/** The operations the catalogue knows (spec/endpoints.ts): each names which parameters it accepts and requires. */
export type Operation = OperationName;

export type Validation =
  /** `unused`: names the operation ignored (absent when there were none), for a debug line. */
  | { ok: true; params: FlatParams; unused?: readonly string[] }
  | { ok: false; errors: ParameterError[] };

export interface ValidateOptions {
  /**
   * The entity's strictParameters: unused names are refused instead of ignored, and the rules
   * marked strictOnly (rules.ts) hold.
   */
  strict?: boolean;
}
