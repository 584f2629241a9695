// The route sets beyond the core API, registered on the same instance by the process and tests.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { RelayContext } from './context.js';
import { checkoutRoutes } from './routes/checkouts.js';

export type RelayPlugin = (app: FastifyInstance, ctx: RelayContext) => void | Promise<void>;

/** Where `npm run build:widget` writes the widget. */
export const WIDGET_DIST_DIR = fileURLToPath(new URL('../../dist/widget/', import.meta.url));

/** sha384 of the exact loader bytes, for SRI (`integrity=true` on a checkout). */
function loaderIntegrity(distDir: string): string {
  return `sha384-${createHash('sha384').update(readFileSync(`${distDir}/paymentWidgets.js`)).digest('base64')}`;
}

export function relayPlugins(distDir: string = WIDGET_DIST_DIR): RelayPlugin[] {
  return [checkoutRoutes({ loaderIntegrity: () => loaderIntegrity(distDir) })];
}
