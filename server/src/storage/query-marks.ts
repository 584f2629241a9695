// What a compiled query may carry for the store's batch writers besides its text: the error its
// failure stands for (guarded-query.ts) and the statements that follow it (followers.ts). Marks
// live on a copy of the query, under a symbol no driver reads, so the same statement keeps them
// alone, in a transaction or in a batch. The copy is spelled out field by field: on this Node an
// object spread followed by a new property costs about a microsecond, and a WeakMap entry as much,
// plus the scavenger's walk over it, on the path every payment takes.

import type { CompiledQuery } from 'kysely';

export interface QueryMarks {
  /** What a failed guard throws: the statement must change exactly one row. */
  readonly guard?: () => Error;
  /** Statements that run after this one only when it changed a row. */
  readonly followers?: () => readonly CompiledQuery[];
}

const MARKS = Symbol('query marks');

type Marked = CompiledQuery & { readonly [MARKS]?: QueryMarks };

/** A copy of `query` with `marks` added to those it has. */
export function marked(query: CompiledQuery, marks: QueryMarks): CompiledQuery {
  const before = marksOf(query);
  const copy: Marked = {
    sql: query.sql,
    query: query.query,
    parameters: query.parameters,
    queryId: query.queryId,
    [MARKS]: before === undefined ? marks : { guard: marks.guard ?? before.guard, followers: marks.followers ?? before.followers },
  };
  return copy;
}

export function marksOf(query: CompiledQuery): QueryMarks | undefined {
  return (query as Marked)[MARKS];
}
