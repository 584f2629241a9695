// The group commit (storage/group-commit.ts) with a runner that records what it is asked: the
// statements of one turn go together and each caller gets its own results; a group that fails
// with an error of its statements is run again caller by caller, so only the one at fault fails;
// a group that fails because the database did not answer is not run again (it may have
// committed), and every caller gets that error.

import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/storage/group-commit.js';
import { connectionFailureOf } from '../../src/storage/outage.js';

const statement = (text: string) => CompiledQuery.raw(text, []);

/** A runner answering each statement with its text's length, failing as `fail` says. */
function recordingRunner(fail: (statements: readonly CompiledQuery[]) => Error | undefined = () => undefined) {
  const calls: string[][] = [];
  const run = async (statements: readonly CompiledQuery[]) => {
    calls.push(statements.map((s) => s.sql));
    const error = fail(statements);
    if (error) throw error;
    return statements.map((s) => s.sql.length);
  };
  return { calls, run };
}

describe('group commit', () => {
  it('sends the statements of one turn together and answers each caller its own results', async () => {
    const { calls, run } = recordingRunner();
    const group = new GroupCommit(run);
    const answers = await Promise.all([group.run(statement('a'), statement('bb')), group.run(statement('ccc'))]);
    expect(calls).toEqual([['a', 'bb', 'ccc']]);
    expect(answers).toEqual([[1, 2], [3]]);
  });

  it('runs each caller alone after an error of the statements, so only the one at fault fails', async () => {
    const { calls, run } = recordingRunner((statements) => (statements.some((s) => s.sql === 'bad') ? new Error('duplicate key value violates unique constraint') : undefined));
    const group = new GroupCommit(run);
    const [good, bad] = await Promise.allSettled([group.run(statement('good')), group.run(statement('bad'))]);
    expect(good).toEqual({ status: 'fulfilled', value: [4] });
    expect(bad.status).toBe('rejected');
    expect(calls).toEqual([['good', 'bad'], ['good'], ['bad']]);
  });

  it('does not run a group again when the database did not answer: every caller gets that error', async () => {
    // As the PostgreSQL batch writer throws the driver's own timeout (pg-batch.ts).
    const timeout = connectionFailureOf(new Error('Query read timeout')) as Error;
    const { calls, run } = recordingRunner(() => timeout);
    const group = new GroupCommit(run);
    const results = await Promise.allSettled([group.run(statement('one')), group.run(statement('two'))]);
    expect(results).toEqual([
      { status: 'rejected', reason: timeout },
      { status: 'rejected', reason: timeout },
    ]);
    // Whether it committed is not known: running the callers again could write twice.
    expect(calls).toEqual([['one', 'two']]);
  });
});
