// A flow's context for one request (or one piece of work a request caused): the process's context
// with the request's id on it. The id travels with the context every flow already receives, so a
// flow that queues an event or a job records whose it is without a global, and a job that runs
// later gives its own flows the id it was queued with.
//
// A shallow copy: flows copy their context themselves (`{ ...ctx, clock }` for an entity's test
// clock), which a prototype-linked object would not survive. What the copy holds are the process's
// shared services, by reference.

import type { RelayContext } from './context.js';

export function withRequestId<C extends RelayContext>(ctx: C, requestId: string | null | undefined): C {
  if (requestId === undefined || requestId === null || requestId === ctx.requestId) return ctx;
  return { ...ctx, requestId };
}
