// The OpenAPI 3.1 document of the relay, made from the routes the app registered (route-table.ts)
// and the catalogue: nothing in it is written twice. A route the document cannot describe (a route
// of its own that route-docs.ts does not name) stops the document from being made at all, so a
// route is never served undocumented.

import type { Operation } from '../params/types.js';
import { isNotApi, isTestOnly, OWN_ROUTES, API_ROUTE_DOCS, tagOf, type RouteKey } from './route-docs.js';
import { openApiPath, pathParameterNames, type RegisteredRoute } from './route-table.js';
import { bodySchema, operationConditions, queryParameters } from './operation-input.js';
import { errorResponseName, errorResponses, errorStatuses } from './error-responses.js';
import { errorSchema, resultCodeSchema, resultSchema } from './result-components.js';
import { answerSchemas } from './answers.js';
import { notificationSchema, notificationWebhooks } from './notifications.js';
import { examplesOf } from './examples-in-document.js';
import type { JsonSchema } from './format-schema.js';

export interface OpenApiOptions {
  /** Where the relay is reached (PUBLIC_URL). */
  serverUrl: string;
  /** The relay's build, as its answers carry it in buildNumber. */
  version: string;
}

export type OpenApiDocument = JsonSchema & { openapi: '3.1.0'; paths: Record<string, Record<string, JsonSchema>> };

export class UndocumentedRouteError extends Error {
  constructor(key: string) {
    super(`openapi: the route ${key} has no catalogue operation: register it with registerApiRoute, or name it in server/src/openapi/route-docs.ts (OWN_ROUTES or NOT_API)`);
  }
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const requestName = (operation: Operation) => `${operation}Request`;

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Sent again with the same parameters, the request answers what it answered the first time (Idempotent-Replayed: true) instead of running twice.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
};

/** `post_v1_payments_id`: unique for each method and path, readable as a generated client's method. */
function operationIdOf(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method.toLowerCase(), ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function pathParameters(url: string): JsonSchema[] {
  return pathParameterNames(url).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1 } }));
}

/** Each parameter with the value the route's first example gives it. */
function withExamples(parameters: JsonSchema[], values: Readonly<Record<string, string>>): JsonSchema[] {
  return parameters.map((p) => (typeof p.name === 'string' && values[p.name] !== undefined ? { ...p, example: values[p.name] } : p));
}

function errorRefs(statuses: readonly number[]): Record<string, JsonSchema> {
  return Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/${errorResponseName(s)}` }]));
}

function jsonAnswer(answer: string, description: string, contentTypes: readonly string[] = [JSON_TYPE]): JsonSchema {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: { $ref: `#/components/schemas/${answer}` } }])) };
}

function testOnlyMarks(url: string): JsonSchema {
  return isTestOnly(url) ? { 'x-test-only': true } : {};
}

/** A merchant API route: Bearer token, the operation's parameters, its answer and every error. */
function apiOperation(route: RegisteredRoute, operation: Operation): JsonSchema {
  const key = `${route.method} ${route.url}` as RouteKey;
  const doc = API_ROUTE_DOCS[key];
  const post = route.method === 'POST';
  const examples = examplesOf(key);
  return {
    operationId: operationIdOf(route.method, route.url),
    summary: doc?.summary ?? `${route.method} ${openApiPath(route.url)}`,
    ...(post ? {} : { description: operationConditions(operation) }),
    tags: [tagOf(route.url)],
    ...testOnlyMarks(route.url),
    'x-catalogue-operation': operation,
    security: [{ bearerAuth: [] }],
    parameters: withExamples([...pathParameters(route.url), ...(post ? [] : queryParameters(operation)), ...(route.method === 'GET' ? [] : [IDEMPOTENCY_KEY])], examples.parameterValues),
    ...(post ? { requestBody: { required: true, content: { [FORM]: { schema: { $ref: `#/components/schemas/${requestName(operation)}` }, ...examples.body } } } } : {}),
    responses: { '200': jsonAnswer(doc?.answer ?? 'Answer', 'The answer.', doc?.contentTypes), ...errorRefs(errorStatuses()) },
    'x-request-examples': examples.requests,
  };
}

/** A route of its own: the widget's submits and configuration, the probes, this document. */
function ownOperation(route: RegisteredRoute, key: RouteKey): JsonSchema {
  const own = OWN_ROUTES[key];
  if (!own) throw new UndocumentedRouteError(key);
  const examples = examplesOf(key);
  const body = own.operations.length === 0 ? undefined : own.operations.length === 1 ? { $ref: `#/components/schemas/${requestName(own.operations[0]!)}` } : { anyOf: own.operations.map((op) => ({ $ref: `#/components/schemas/${requestName(op)}` })) };
  return {
    operationId: operationIdOf(route.method, route.url),
    summary: own.summary,
    ...(own.description ? { description: own.description } : {}),
    tags: [tagOf(route.url)],
    ...(own.operations.length > 0 ? { 'x-catalogue-operation': own.operations.length === 1 ? own.operations[0] : own.operations } : {}),
    security: own.auth === 'none' ? [] : [{}, { bearerAuth: [] }],
    parameters: withExamples(pathParameters(route.url), examples.parameterValues),
    ...(body ? { requestBody: { required: true, content: { [FORM]: { schema: body, ...examples.body } } } } : {}),
    responses: {
      '200': jsonAnswer(own.answer, 'The answer.'),
      ...(key === 'GET /ready' ? { '503': jsonAnswer('Readiness', 'A readiness check fails; the answer names each.') } : {}),
      ...errorRefs(own.errors),
    },
    'x-request-examples': examples.requests,
  };
}

/** The operations whose request bodies the document needs as components. */
function bodyOperations(routes: readonly RegisteredRoute[]): Set<Operation> {
  const operations = new Set<Operation>();
  for (const route of routes) {
    if (route.method !== 'POST') continue;
    if (route.apiOperation) operations.add(route.apiOperation);
    for (const op of OWN_ROUTES[`${route.method} ${route.url}` as RouteKey]?.operations ?? []) operations.add(op);
  }
  return operations;
}

/** The routes the document describes, in a stable order; throws for a route it cannot describe. */
export function documentedRoutes(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  return routes
    .filter((route) => !isNotApi(route.url))
    .sort((a, b) => (a.url === b.url ? a.method.localeCompare(b.method) : a.url < b.url ? -1 : 1));
}

export function openApiDocument(routes: readonly RegisteredRoute[], options: OpenApiOptions): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of documentedRoutes(routes)) {
    const key = `${route.method} ${route.url}` as RouteKey;
    // null: a pipeline without validation (bench only); a merchant route always names its operation.
    if (route.apiOperation === null) throw new UndocumentedRouteError(key);
    const operation = route.apiOperation ? apiOperation(route, route.apiOperation) : ownOperation(route, key);
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }
  const requests = Object.fromEntries([...bodyOperations(routes)].sort().map((op) => [requestName(op), bodySchema(op)]));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'paywidgets relay API',
      version: options.version,
      description:
        'The payment API of this relay, generated from its parameter catalogue and its registered routes. Request bodies are `application/x-www-form-urlencoded` UTF-8 with dotted and indexed names (`card.number`, `cart.items[0].name`); reads and deletes take the same names as query parameters. Every JSON answer carries `result.code`, `result.description`, `buildNumber`, `timestamp` and `ndc`. Routes tagged "Test only" (`x-test-only: true`) exist in the test environment only and are refused in live.',
    },
    servers: [{ url: options.serverUrl }],
    tags: [
      { name: 'Payments' },
      { name: 'Registrations' },
      { name: 'Checkouts' },
      { name: 'Scheduling' },
      { name: 'Webhooks' },
      { name: 'Quotes' },
      { name: 'Reports' },
      { name: 'Test only', description: 'The simulator\'s operations: test environment only, refused in live.', 'x-test-only': true },
      { name: 'Health' },
      { name: 'Reference' },
    ],
    paths,
    webhooks: notificationWebhooks(),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'The merchant\'s access token: `Authorization: Bearer <token>`, never in the URL.' } },
      schemas: {
        ResultCode: resultCodeSchema(),
        Result: resultSchema(),
        Error: errorSchema(),
        Answer: errorSchema(),
        ...answerSchemas(),
        Notification: notificationSchema(),
        ...requests,
      },
      responses: errorResponses(),
    },
  };
}
