// The back office's spine: what every back office route sees and declares. The back office is a
// second Fastify instance of the relay process, on its own port and origin (BACKOFFICE_PORT),
// serving its pages (dist/backoffice/) and a JSON API under /api. Every route declares in its
// config which action of the role table (domain/roles.ts) it needs; one hook (guard.ts) reads the
// session, checks the Origin and CSRF token of state-changing requests and the role, before any
// handler runs. A route therefore never checks a role itself, and a route without a declared
// access level is refused when the app is built.

import type { Action, Role } from '../domain/roles.js';
import type { HttpContext } from '../http/context.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A signed-in person, as the session row names them, read fresh for each request. */
export interface BackofficeSession {
  /** The session's id as the database keys it (a hash of the cookie's value, never the value). */
  id: string;
  userId: string;
  merchantId: string;
  email: string;
  role: Role;
  /** The channels (entity ids) the person may see; null = every channel of the merchant. */
  channelIds: readonly string[] | null;
  /** Sent back by the pages in the X-CSRF-Token header of every state-changing request. */
  csrfToken: string;
}

/**
 * Who may call a route: `public` (signing in, accepting an invitation, the pages' assets),
 * `signedIn` (any active session: the person's own session and profile), or an action of the
 * role table.
 */
export type Access = 'public' | 'signedIn' | Action;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The session of a guarded route (set by guard.ts before the handler); null on public routes. */
    backoffice: BackofficeSession | null;
  }
}

/** What the back office's routes receive: the relay's routes' context. */
export type BackofficeContext = HttpContext;

/** A set of back office API routes; registered under /api by app.ts. */
export type BackofficeRoutes = (app: FastifyInstance, ctx: BackofficeContext) => void | Promise<void>;

/** The API's error codes and their HTTP status (the body is `{ error: { code, message, parameters? } }`). */
export const BACKOFFICE_ERRORS = {
  invalidParameters: 400,
  signInRequired: 401,
  invalidCredentials: 401,
  codeRequired: 401,
  forbidden: 403,
  badOrigin: 403,
  badCsrfToken: 403,
  twoFactorRequired: 403,
  notFound: 404,
  conflict: 409,
  refused: 422,
  tooManyAttempts: 429,
} as const;

export type BackofficeErrorCode = keyof typeof BACKOFFICE_ERRORS;

/** One failing parameter of a request. */
export interface ParameterError {
  name: string;
  message: string;
}

/** Thrown by routes; the app's error handler answers it in the API's shape. */
export class BackofficeError extends Error {
  readonly code: BackofficeErrorCode;
  readonly parameters: readonly ParameterError[] | undefined;
  /** Extra fields of the error body (a refused action's resultCode, a lockout's retryAfterSeconds). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: BackofficeErrorCode, message: string, options: { parameters?: readonly ParameterError[]; details?: Record<string, unknown> } = {}) {
    super(message);
    this.code = code;
    this.parameters = options.parameters;
    this.details = options.details;
  }

  get status(): number {
    return BACKOFFICE_ERRORS[this.code];
  }

  body(): { error: Record<string, unknown> } {
    return { error: { code: this.code, message: this.message, ...(this.parameters ? { parameters: this.parameters } : {}), ...this.details } };
  }
}

/**
 * The session of a request to a route that is not public (the guard has set it); throws
 * signInRequired if called on a public route's request, where there is none.
 */
export function sessionOf(request: FastifyRequest): BackofficeSession {
  if (!request.backoffice) throw new BackofficeError('signInRequired', 'sign in first');
  return request.backoffice;
}
