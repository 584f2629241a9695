// Who is signed in, as one signal the whole app reads: undefined while the first read runs,
// null when nobody is signed in. `ended` tells the sign-in page why it is shown again.

import { signal } from '@preact/signals';
import { api, ApiError, useCsrfToken, whenSessionEnds } from './client.js';
import type { Action, Me } from './types.js';

export const me = signal<Me | null | undefined>(undefined);
export const sessionEnded = signal(false);
/** Why the first read of the session failed, other than nobody being signed in. */
export const sessionError = signal<string | undefined>(undefined);

export function signedIn(next: Me): void {
  useCsrfToken(next.csrfToken);
  sessionEnded.value = false;
  me.value = next;
}

whenSessionEnds(() => {
  if (me.value) sessionEnded.value = true;
  me.value = null;
});

export async function loadSession(): Promise<void> {
  try {
    signedIn(await api<Me>('GET', '/session'));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) {
      sessionError.value = error instanceof Error ? error.message : String(error);
    }
    me.value = null;
  }
}

export async function signOut(everywhere: boolean): Promise<void> {
  if (everywhere) await api('POST', '/session/sign-out-everywhere');
  else await api('DELETE', '/session');
  me.value = null;
}

/** Whether the signed-in person's role allows `action` (the pages show only what it allows). */
export function can(action: Action): boolean {
  return me.value?.actions.includes(action) ?? false;
}
