// The layers of the relay's server, bottom first, and the folders of each in their order
// (docs/architecture.md, "Layers"). A folder of server/src, or spec/, may import only from
// folders before it in this list: earlier folders of its own layer, or any folder of a layer
// below. layers.test.ts checks every import against it; a new folder is placed here first.

export interface Layer {
  name: string;
  /** Folders of server/src (and `spec`, the repository's spec/), in the order they may build on each other. */
  folders: readonly string[];
}

export const LAYERS: readonly Layer[] = [
  { name: 'foundation', folders: ['spec', 'domain'] },
  { name: 'storage', folders: ['storage'] },
  {
    name: 'flows',
    folders: ['config', 'crypto', 'params', 'simulator', 'merchants', 'flows', 'jobs', 'webhooks', 'quotes', 'reports', 'settlement', 'vouchers', 'payments', 'checkouts', 'schedules'],
  },
  { name: 'http', folders: ['http', 'openapi', 'metrics', 'routes', 'api-reference', 'backoffice'] },
  { name: 'top', folders: ['demo', 'app', 'process'] },
];
