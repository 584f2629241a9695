// The demo merchant shop: a second origin beside the relay that shows the whole flow a merchant
// builds (product -> checkout -> widget -> result). The relay's server.ts starts it on DEMO_PORT.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { demoProduct, type Product } from './product.js';
import { RelayClient, type DemoCredentials } from './relay-client.js';
import { createShopHandler, type DemoLogger } from './shop.js';
import { WEBHOOK_PATH } from './notifications.js';

export type { DemoCredentials, PaymentStatus } from './relay-client.js';
export type { DemoLogger } from './shop.js';
export type { Product } from './product.js';

export interface DemoShopOptions {
  /** TCP port; 0 picks a free one (see the returned url). */
  port: number;
  /** Address to listen on; default all IPv4 interfaces, like the relay. */
  host?: string;
  /** The relay's origin as browsers reach it (PUBLIC_URL); the shop's backend calls it too. */
  relayUrl: string;
  /** The test merchant (DATA_DIR/test-merchant.json); with its webhookSecret the shop follows its orders by webhook. */
  credentials: DemoCredentials;
  logger?: DemoLogger;
  /** Folder of the shop's pages; default the repository's public/. */
  publicDir?: string;
  product?: Product;
}

export interface DemoShop {
  /** Origin of the shop, e.g. http://localhost:8081. */
  url: string;
  close(): Promise<void>;
}

const defaultPublicDir = fileURLToPath(new URL('../../../public/', import.meta.url));

const quietLogger: DemoLogger = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

export async function startDemoShop(options: DemoShopOptions): Promise<DemoShop> {
  const relayUrl = options.relayUrl.replace(/\/+$/, '');
  const logger = options.logger ?? quietLogger;
  let url = '';
  const secret = options.credentials.webhookSecret;
  const handler = createShopHandler({
    relayUrl,
    relay: new RelayClient(relayUrl, options.credentials),
    product: options.product ?? demoProduct,
    publicDir: options.publicDir ?? defaultPublicDir,
    logger,
    // The relay runs beside the shop: it reaches the shop's receiver on loopback.
    ...(secret ? { webhooks: { url: () => `${url.replace('localhost', '127.0.0.1')}${WEBHOOK_PATH}`, secret } } : {}),
  });
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://localhost:${port}`;
  logger.info({ url, relayUrl }, 'demo shop listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Browsers keep connections open; without this close() would wait for them.
        server.closeAllConnections();
      }),
  };
}
