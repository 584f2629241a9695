// The shape of one row of the spec's parameter tables, kept as data so that the validator,
// the docs and the tests all read the same catalogue.

export type Requirement = 'Required' | 'Conditional' | 'Optional';

export interface ParamRow {
  /**
   * Name as printed. Templates: `[n]` is a list index (0..1000), `[name]`, `[key]` and `[brand]`
   * are a bracketed key, `<scheme>` is one dotted segment; `key` gives the placeholder's format.
   */
  readonly name: string;
  /** Value format in the notation of spec/format.ts. */
  readonly format: string;
  /** As printed in the section's table; what an operation requires is in spec/endpoints.ts. */
  readonly requirement: Requirement;
  readonly notes?: string;
  /** Format of the template's one named placeholder (bracket key or `<scheme>` segment). */
  readonly key?: string;
  /** The spec truncates this value after so many characters instead of rejecting it. */
  readonly truncate?: number;
}

/** Highest list index (`[n]`): the spec's "Cart items: index up to 1000", used for every list. */
export const MAX_INDEX = 1000;
