// A TCP proxy between the relay and its database, for outage tests: forward (the database is
// there), cut (every open connection destroyed, new ones refused), stall (new connections accepted
// and never answered, as a black-holed network would) and forward again.

import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';

export type ProxyMode = 'forward' | 'cut' | 'stall';

export interface TcpProxy {
  port: number;
  /** Destroys every open connection, then handles new ones as `mode` says. */
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let mode: ProxyMode = 'forward';
  let port = 0;

  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const onConnection = (client: Socket): void => {
    track(client);
    if (mode === 'stall') return; // accepted, never forwarded, never answered
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  };

  let server: Server | undefined;
  const listen = async (): Promise<void> => {
    server = createServer(onConnection);
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  };
  const stopListening = async (): Promise<void> => {
    if (!server) return;
    const closed = once(server, 'close');
    server.close();
    server = undefined;
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    async set(next) {
      for (const socket of sockets) socket.destroy();
      mode = next;
      // Cut: nothing listens, so connecting is refused at once. Otherwise listen (again).
      if (next === 'cut') await stopListening();
      else if (!server) await listen();
    },
    close: stopListening,
  };
}
