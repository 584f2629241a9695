// Every call of the pages to the back office API goes through here: same origin with its cookie,
// JSON both ways, and the session's CSRF token on every state-changing request. An answer that
// says the session has ended (401 signInRequired) signs the pages out wherever it happens.

import type { ApiErrorBody } from './types.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }

  get code(): string {
    return this.body.code;
  }

  /** The message of one failing parameter, if the API named it. */
  parameter(name: string): string | undefined {
    return this.body.parameters?.find((p) => p.name === name)?.message;
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let csrfToken = '';
let onSessionEnded: () => void = () => {};

/** Set from Me.csrfToken after every sign-in and session read. */
export function useCsrfToken(token: string): void {
  csrfToken = token;
}

export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler;
}

export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError(0, { code: 'network', message: 'The back office cannot be reached. Check the connection and try again.' });
  }
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => null)) as { error?: ApiErrorBody } | null;
  if (!response.ok) {
    const error = json?.error ?? { code: `http${response.status}`, message: `The back office answered ${response.status}. Try again.` };
    if (error.code === 'signInRequired') onSessionEnded();
    throw new ApiError(response.status, error);
  }
  return json as T;
}

/** A query string of the non-empty values, for list filters and export links. */
export function query(values: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
