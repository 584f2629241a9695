// Signing out of this browser, or of every browser the person is signed in on (after a lost
// laptop or a shared computer).

import { useState } from 'preact/hooks';
import { signOut } from '../api/session.js';
import { asApiError } from '../components/use-load.js';

export function SignOut() {
  const [error, setError] = useState<string>();
  const run = (everywhere: boolean) => () => {
    setError(undefined);
    signOut(everywhere).catch((e: unknown) => setError(asApiError(e).message));
  };
  return (
    <div class="sign-out">
      <button type="button" class="button button-quiet" onClick={run(false)}>
        Sign out
      </button>
      <button type="button" class="button button-quiet" onClick={run(true)}>
        Sign out everywhere
      </button>
      {error && (
        <p class="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
