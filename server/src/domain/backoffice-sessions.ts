// A signed-in person's session in the back office, and how long it lives. The session is kept on
// the server (the cookie carries only an opaque random value, whose SHA-256 is the session's id),
// so that ending it (sign out, sign out everywhere, deactivation) takes effect at once on every
// relay of the database.

import type { EpochMs } from './records.js';

export interface BackofficeSessionRecord {
  /** SHA-256 hex of the cookie's value; the value itself is never stored. */
  id: string;
  userId: string;
  merchantId: string;
  /** The per-session token every state-changing request carries in X-CSRF-Token. */
  csrfToken: string;
  createdAt: EpochMs;
  /** The idle timeout runs from here; moved by requests, at most once per `touchEveryMs`. */
  lastSeenAt: EpochMs;
  /** The session ends here whatever the person does (createdAt + absoluteMs). */
  absoluteExpiresAt: EpochMs;
  /** The client's address at sign-in. */
  address: string | null;
}

export interface SessionLimits {
  /** A session unused this long has ended. */
  idleMs: number;
  /** A session ends this long after its sign-in, used or not. */
  absoluteMs: number;
  /**
   * last_seen_at is moved only when it is at least this far behind: one write a minute per
   * person rather than one per request, at the cost of the idle timeout being up to this much short.
   */
  touchEveryMs: number;
}

const MINUTE = 60_000;

/** What the issue asks of the back office: 30 minutes idle, 12 hours at most, touched once a minute. */
export const SESSION_LIMITS: Readonly<SessionLimits> = Object.freeze({ idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE, touchEveryMs: MINUTE });

/** Whether `session` still lives at `now`. */
export function sessionLives(session: BackofficeSessionRecord, now: EpochMs, limits: SessionLimits): boolean {
  return now < session.absoluteExpiresAt && now < session.lastSeenAt + limits.idleMs;
}
