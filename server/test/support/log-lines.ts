// The relay's JSON log as a test reads it: a stream the relay writes to, and its lines parsed.

import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

export interface LogCapture {
  stream: NodeJS.WritableStream;
  lines(): LogLine[];
  /** The lines of one request id. */
  of(reqId: string): LogLine[];
}

export function captureLog(): LogCapture {
  const text: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk));
      done();
    },
  });
  const lines = () =>
    text
      .join('')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as LogLine);
  return { stream, lines, of: (reqId) => lines().filter((l) => l.reqId === reqId) };
}

/** Log lines of a file (a relay process's output): the JSON ones, parsed; anything else skipped. */
export function parseLogText(text: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const l of text.split('\n')) {
    if (!l.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(l) as LogLine);
    } catch {
      // A line cut short by a kill: not a line of the test's.
    }
  }
  return lines;
}
