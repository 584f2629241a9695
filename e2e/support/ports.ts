// A free TCP port on loopback, for a child process that must be told its port up front.
// The port is released before the child binds it; another process could take it in between,
// which on a test machine is rare enough, and shows as a clear "address in use" in the relay log.

import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}
