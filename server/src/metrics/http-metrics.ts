// The HTTP side of the metrics, added to the relay's Fastify app before its routes: every answer
// counted by its route pattern (never the URL: ids stay out of the labels), method, status and
// result class (result-class.ts), with its latency. Each route gets its own series when it is
// registered (onRoute), held by a hook of that route, so an answer finds its series without a
// lookup by name; answers no route matched count under the route "unmatched".

import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onResponseHookHandler, RouteOptions } from 'fastify';
import type { PrometheusMetrics, RouteSeries } from './prometheus.js';
import { ResultClassifier, type ResultClass } from './result-class.js';

declare module 'fastify' {
  interface FastifyReply {
    /** The class of the result code the answer's body carries (http-metrics.ts). */
    metricsResult: ResultClass;
  }
}

/** The route label of answers no route matched (404s): one series, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? [...route.method] : [route.method as string];
}

/** A hook that records the answer on the series of its method. */
function recorder(byMethod: ReadonlyMap<string, RouteSeries>): onResponseHookHandler {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    byMethod.get(request.method)?.answered(reply.statusCode, reply.metricsResult, reply.elapsedTime / 1000);
    done();
  };
}

export function measureHttp(app: FastifyInstance, metrics: PrometheusMetrics): void {
  const classifier = new ResultClassifier();
  app.decorateReply('metricsResult', 'none');
  app.addHook('onRoute', (route) => {
    const byMethod = new Map(methodsOf(route).map((method) => [method, metrics.route(route.url, method)]));
    const hook = recorder(byMethod);
    const existing = route.onResponse;
    route.onResponse = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.metricsResult = classifier.ofBody(payload);
    done(null, payload);
  });
  const unmatched = new Map<string, RouteSeries>();
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.is404) return done();
    let series = unmatched.get(request.method);
    if (!series) unmatched.set(request.method, (series = metrics.route(UNMATCHED_ROUTE, request.method)));
    series.answered(reply.statusCode, reply.metricsResult, reply.elapsedTime / 1000);
    done();
  });
}
