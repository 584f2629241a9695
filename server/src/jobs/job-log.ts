// The log of one job: the runner's log with the job's request id (and any other fields of the
// work, such as a schedule charge's id) on every line, under the key Fastify puts a request's id
// (http/request-id.ts), so one grep for an id finds the request and the work it caused on
// whichever relay ran it.

import type { RunnerLog } from './runner.js';

/** The key a request's id has on every log line (Fastify's `reqId`). */
export const REQUEST_ID_KEY = 'reqId';

/** `log` with `fields` on each line; the line's own fields come after and win. */
export function logWith(log: RunnerLog, fields: Readonly<Record<string, unknown>>): RunnerLog {
  return {
    info: (obj, msg) => log.info({ ...fields, ...obj }, msg),
    warn: (obj, msg) => log.warn({ ...fields, ...obj }, msg),
    error: (obj, msg) => log.error({ ...fields, ...obj }, msg),
    debug: (obj, msg) => log.debug?.({ ...fields, ...obj }, msg),
  };
}

/** `log` under a request's id; `log` itself when there is none (the relay's own work). */
export function logForRequest(log: RunnerLog, requestId: string | null | undefined, fields: Readonly<Record<string, unknown>> = {}): RunnerLog {
  if (requestId === null || requestId === undefined || requestId === '') return Object.keys(fields).length === 0 ? log : logWith(log, fields);
  return logWith(log, { [REQUEST_ID_KEY]: requestId, ...fields });
}
