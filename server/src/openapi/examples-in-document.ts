// The example requests (examples/) as the document shows them: a POST's bodies under its request
// body's `examples`, and every example of a route, whole, under the operation's
// `x-request-examples`, with sample ids where the replay uses the ids of earlier answers.

import { EXAMPLES } from './examples/index.js';
import { DOCUMENT_VALUES, examplePath, fillAll } from './examples/fill.js';
import type { RouteKey } from './route-docs.js';
import type { JsonSchema } from './format-schema.js';

export interface DocumentExamples {
  /** `{ examples: {...} }` for a request body's media type, or nothing. */
  body: JsonSchema;
  requests: JsonSchema[];
  /** The first example's path and query values, as each parameter's `example`. */
  parameterValues: Record<string, string>;
}

export function examplesOf(key: RouteKey): DocumentExamples {
  const mine = EXAMPLES.filter((e) => e.route === key);
  const post = key.startsWith('POST ');
  const requests = mine.map((e) => ({
    name: e.name,
    summary: e.summary,
    method: key.slice(0, key.indexOf(' ')),
    path: examplePath(e, DOCUMENT_VALUES),
    [post ? 'form' : 'query']: fillAll(e.params, DOCUMENT_VALUES),
    authorization: e.auth === false ? 'none' : 'Bearer',
    status: e.status,
  }));
  const body = post && mine.length > 0 ? { examples: Object.fromEntries(mine.map((e) => [e.name, { summary: e.summary, value: fillAll(e.params, DOCUMENT_VALUES) }])) } : {};
  const first = mine[0];
  const parameterValues = first ? { ...(post ? {} : fillAll(first.params, DOCUMENT_VALUES)), ...fillAll(first.path, DOCUMENT_VALUES) } : {};
  return { body, requests, parameterValues };
}
