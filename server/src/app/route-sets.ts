// The route sets beyond the core API, registered on the same instance by the process and tests:
// checkouts and the widget's assets (loader, main script, styles, card-field frames).
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { checkoutRoutes } from '../routes/checkouts.js';
import { loaderIntegrity, widgetAssetsRoutes } from '../routes/widget-assets.js';

export type RelayPlugin = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** Where `npm run build:widget` writes the widget. */
export const WIDGET_DIST_DIR = fileURLToPath(new URL('../../../dist/widget/', import.meta.url));

/** Origins allowed to frame a checkout's card fields: the entity's setting; [] = any origin. */
async function frameAncestors(ctx: AppContext, checkoutId: string): Promise<string[] | 'unknown'> {
  const checkout = await ctx.store.checkouts.find(checkoutId);
  if (!checkout || ctx.clock.now() >= checkout.expiresAt) return 'unknown';
  const entity = await ctx.store.entities.find(checkout.entityId);
  return entity?.settings.allowedOrigins ?? [];
}

export function relayPlugins(distDir: string = WIDGET_DIST_DIR): RelayPlugin[] {
  return [
    checkoutRoutes({ loaderIntegrity: () => loaderIntegrity(distDir) }),
    (app, ctx) => widgetAssetsRoutes(app, { distDir, frameAncestors: (id) => frameAncestors(ctx, id) }),
  ];
}
