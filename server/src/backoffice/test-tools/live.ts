// The test tools exist in the test environment only. In live every /api/test/* route refuses
// before it reads anything (the guard has checked the session and role already), and Me leaves
// testTools.use out of the person's actions (me.ts), so no page draws them.

import type { Config } from '../../config/config.js';
import { BackofficeError } from '../contract.js';

/** The refusal of a test tool in the live environment. */
export function refuseInLive(config: Pick<Config, 'environment'>): void {
  if (config.environment === 'live') {
    throw new BackofficeError('forbidden', 'test tools exist in the test environment only; this relay runs in live (RELAY_ENVIRONMENT=live)');
  }
}
