// What the API reference page may prefill for "try it out": the test merchant's channel and token,
// and only on a relay that runs the simulator's test environment with its demo shop. The relay
// keeps no token in clear; the only copy is the file its first start wrote (bootstrap.ts), which
// the demo shop reads too. A live relay, or one without the demo, hands out nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { TEST_MERCHANT_FILE } from '../merchants/bootstrap.js';

export interface TryItOutPrefill {
  entityId: string;
  accessToken: string;
}

export type PrefillConfig = Pick<Config, 'environment' | 'demoPort' | 'dataDir'>;

/** Whether this relay may hand the test merchant's token to whoever opens its reference page. */
export function mayPrefill(config: PrefillConfig): boolean {
  return config.environment === 'test' && config.demoPort > 0;
}

/** The test merchant's channel and token, or undefined (not allowed here, or no such file). */
export async function readTryItOutPrefill(config: PrefillConfig): Promise<TryItOutPrefill | undefined> {
  if (!mayPrefill(config)) return undefined;
  let file: Partial<TryItOutPrefill>;
  try {
    file = JSON.parse(await readFile(join(config.dataDir, TEST_MERCHANT_FILE), 'utf8')) as Partial<TryItOutPrefill>;
  } catch {
    // No file (a store the CLI set up) or one cut short: the page then asks for both.
    return undefined;
  }
  const { entityId, accessToken } = file;
  return typeof entityId === 'string' && typeof accessToken === 'string' ? { entityId, accessToken } : undefined;
}
