// What a receiver answered a test or an activation notification, in words.

import type { TestResult } from './types.js';

export function TestOutcome({ result, what }: { result: TestResult; what: 'test' | 'activation' }) {
  const noun = what === 'test' ? 'The test notification' : 'The activation notification';
  return result.acknowledged ? (
    <p class="notice notice-ok" role="status">
      {noun} was acknowledged: HTTP {result.status} in {result.latencyMs} ms.{what === 'activation' ? ' The endpoint is active.' : ''}
    </p>
  ) : (
    <p class="notice notice-warn" role="status">
      {noun} was not acknowledged ({result.error ?? `HTTP ${result.status ?? '—'}`}, {result.latencyMs} ms).{what === 'activation' ? ' The endpoint stays inactive until it is activated again.' : ''}
    </p>
  );
}
