// Statements sent to PostgreSQL together, each with its values bound, in one round trip: the
// extended protocol's Parse, Bind and Execute for each statement, then one Sync. PostgreSQL runs
// everything before a Sync as one implicit transaction: it commits at the Sync when every statement
// succeeded; at the first that fails it answers that error, skips the rest and rolls back. Which
// statement failed is the number of statements completed before it.
//
// node-postgres (8.23) sends each query of a connection after the previous one's ReadyForQuery, one
// round trip each, unless the whole client is made a pipelining one, where every query still
// carries its own Sync (BEGIN and COMMIT would be two more statements) and a timeout destroys the
// connection. So the batch is one query as the driver sees it, a Submittable (its documented
// extension point, as pg-cursor uses) that writes the protocol messages of all its statements at
// once through the driver's own serializer. Array parameters (`unnest($1::bigint[])`) would make a
// batch one statement too, but only a batch of like rows; a group commit's holds any statements.

import pg from 'pg';

/** The driver's connection, as much of it as a batch writes to. */
interface Connection {
  parse(message: { text: string; name?: string }): void;
  bind(message: { values: readonly PreparedValue[]; statement?: string }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: Record<string, never>): void;
  sync(): void;
  sendCopyFail(message: string): void;
  stream: { cork?(): void; uncork?(): void };
  on(event: 'parseComplete', listener: () => void): void;
}

/** A value as the protocol carries it: text, bytes (sent in binary), or NULL. */
type PreparedValue = string | Buffer | null;

/** The driver's conversion of a JavaScript value to a parameter (dates, arrays, JSON objects). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): PreparedValue } }).utils.prepareValue;

/**
 * Writes are sent as statements prepared once per connection: the server parses and analyses a
 * statement's text the first time the connection sends it, and then only binds and runs it. The
 * relay writes the same few statements again and again. Measured on groups of 8 payment-like
 * writes (32 statements, 1.5 kB of JSON each), 6 groups in flight, against the one simple query
 * with values written in as literals of before: every statement parsed anew, the server spent
 * 1,850-2,020 µs of CPU per group against 1,730-1,780 and the groups ran 5-14% slower; prepared
 * once, 870-1,150 µs, and 25-60% faster. Reads stay unnamed: a prepared `select *` fails (0A000) once a migration
 * of another relay adds a column, where a write without RETURNING has no rows to change shape.
 * Statement names are given per text, for at most MAX_NAMED texts (multi-row inserts come in
 * many lengths); any beyond go unnamed.
 */
const MAX_NAMED = 500;
const names = new Map<string, string>();

function nameOf(sql: string): string | undefined {
  const name = names.get(sql);
  if (name !== undefined || names.size >= MAX_NAMED) return name;
  const fresh = `paywidgets_${names.size}`;
  names.set(sql, fresh);
  return fresh;
}

/**
 * The statement names a connection holds, and the Parses it still awaits the answer of, in order
 * (undefined for an unnamed one). A name counts as held only once its ParseComplete arrived: a
 * batch that fails before a Parse leaves that statement unprepared, and the server says which by
 * the ParseCompletes it sends before the error.
 */
interface PreparedOnConnection {
  held: Set<string>;
  awaiting: (string | undefined)[];
}
const prepared = new WeakMap<Connection, PreparedOnConnection>();

function preparedOn(connection: Connection): PreparedOnConnection {
  let state = prepared.get(connection);
  if (!state) {
    const fresh: PreparedOnConnection = { held: new Set(), awaiting: [] };
    // Unnamed Parses of other queries on this connection come when nothing is awaited: no-ops.
    connection.on('parseComplete', () => {
      const name = fresh.awaiting.shift();
      if (name !== undefined) fresh.held.add(name);
    });
    prepared.set(connection, fresh);
    state = fresh;
  }
  return state;
}

/** What the statements of a pipeline answer: each one's command tag, rows changed and rows. */
export interface StatementResult {
  rowCount: number;
  rows: unknown[];
}

export interface PipelinedStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** How a column's text becomes a value: the pool's own parsers. */
type TypeParsers = { getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown };

/**
 * The parameters of `statement` as the protocol carries them. PostgreSQL text holds no NUL: a value
 * with one is refused here, before anything is sent, with a message that says so (the server's own
 * refusal names the encoding, not the value's place).
 */
function preparedValues(parameters: readonly unknown[]): PreparedValue[] {
  const values: PreparedValue[] = new Array(parameters.length);
  for (let i = 0; i < parameters.length; i++) {
    const value = prepareValue(parameters[i]);
    if (typeof value === 'string' && value.includes('\u0000')) throw new TypeError(`cannot write a NUL character to PostgreSQL (parameter $${i + 1})`);
    values[i] = value;
  }
  return values;
}

/**
 * One round trip for `statements`: a Submittable for pg's Client.query. `completed` counts the
 * statements the server finished, so after an error it is the place of the one that failed.
 * With `rows`, each statement's rows are described and parsed (reads); without, only its count is
 * kept (writes), which saves a Describe and a RowDescription per statement, and each statement is
 * prepared once per connection (MAX_NAMED).
 */
export class Pipeline {
  completed = 0;
  /** Set by the driver (Client.query) or by `send`; replaced by the driver's query timeout. */
  callback?: (error: Error | null, results?: StatementResult[]) => void;
  readonly #statements: readonly PipelinedStatement[];
  readonly #results: (StatementResult & { parse?: pg.Result })[];
  readonly #types: TypeParsers | undefined;
  readonly #rows: boolean;
  /** An error of the relay's own row parsing, reported once the server is done with the batch. */
  #parseError: unknown;
  /** The connection's Parses awaiting their answer: none are left once the batch ended. */
  #awaiting: unknown[] | undefined;

  constructor(statements: readonly PipelinedStatement[], opts: { rows: boolean; types?: TypeParsers }) {
    this.#statements = statements;
    this.#rows = opts.rows;
    this.#types = opts.types;
    this.#results = statements.map(() => ({ rowCount: 0, rows: [] }));
  }

  /** Writes every statement's messages, then the one Sync; an Error (sent nothing) if a value cannot be sent. */
  submit(connection: Connection): Error | null {
    let values: PreparedValue[][];
    try {
      values = this.#statements.map((s) => preparedValues(s.parameters));
    } catch (error) {
      return error as Error;
    }
    const state = this.#rows ? undefined : preparedOn(connection);
    if (state) this.#awaiting = state.awaiting;
    /** Names parsed by this batch: a statement sent twice is parsed once. */
    const parsing = new Set<string>();
    // Corked, so the messages leave in as few packets as the socket allows (pg's Query does the same).
    connection.stream.cork?.();
    try {
      for (let i = 0; i < this.#statements.length; i++) {
        const { sql } = this.#statements[i] as PipelinedStatement;
        const name = state && nameOf(sql);
        if (name === undefined || !(state?.held.has(name) || parsing.has(name))) {
          connection.parse(name === undefined ? { text: sql } : { text: sql, name });
          if (name !== undefined) parsing.add(name);
          state?.awaiting.push(name);
        }
        connection.bind(name === undefined ? { values: values[i] as PreparedValue[] } : { values: values[i] as PreparedValue[], statement: name });
        if (this.#rows) connection.describe({ type: 'P', name: '' });
        connection.execute({});
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: unknown[] }): void {
    const result = this.#results[this.completed];
    if (!result) return;
    result.parse = new pg.Result(undefined as never, this.#types as never);
    (result.parse as unknown as { addFields(fields: unknown[]): void }).addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown[] }): void {
    const result = this.#results[this.completed];
    if (!result?.parse || this.#parseError !== undefined) return;
    try {
      result.rows.push((result.parse as unknown as { parseRow(fields: unknown[]): unknown }).parseRow(message.fields));
    } catch (error) {
      this.#parseError = error;
    }
  }

  handleCommandComplete(message: { text: string }): void {
    const result = this.#results[this.completed];
    this.completed += 1;
    if (!result) return;
    // The tag's last number is the rows the statement changed or returned ("INSERT 0 3", "UPDATE 1").
    const count = /(\d+)$/.exec(message.text);
    result.rowCount = count ? Number(count[1]) : 0;
    result.parse = undefined;
  }

  handleEmptyQuery(): void {
    this.completed += 1;
  }

  /** The server's error, the driver's (a connection lost, a timeout), or the relay's own from submit. */
  handleError(error: Error): void {
    // The server skipped every message after the error: the Parses among them never ran.
    this.#awaiting?.splice(0);
    this.callback?.(error);
  }

  handleReadyForQuery(): void {
    if (this.#parseError !== undefined) this.callback?.(this.#parseError as Error);
    else this.callback?.(null, this.#results.map(({ rowCount, rows }) => ({ rowCount, rows })));
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFail('a batch does not copy');
  }

  handleCopyData(): void {}
}

/**
 * Sends `pipeline` on `client` and answers its results; rejects with the error that ended it.
 * The promise settles at the server's error, before its ReadyForQuery: the driver queues whatever
 * the client is asked next until that arrives.
 */
export function send(client: pg.PoolClient, pipeline: Pipeline): Promise<StatementResult[]> {
  return new Promise((resolve, reject) => {
    pipeline.callback = (error, results) => (error ? reject(error) : resolve(results ?? []));
    client.query(pipeline as unknown as pg.Submittable);
  });
}
