// A TLS-terminating reverse proxy on loopback, as a relay runs in production behind nginx or a
// cloud load balancer: the browser speaks https to the proxy, the proxy speaks plain http to the
// relay, passing the inner Host (as nginx's proxy_pass does by default) and saying how the browser
// came in with X-Forwarded-Proto/-Host/-For. Its certificate is self-signed, made at start with
// the openssl CLI, so the browser of a test using it ignores certificate errors.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

export interface TlsProxy {
  /** The public origin, https://localhost:<port>. */
  url: string;
  port: number;
  /** Where requests go from now on, e.g. http://127.0.0.1:<relay port>. */
  forwardTo(target: string): void;
  close(): Promise<void>;
}

/** A self-signed certificate for localhost, from the openssl CLI. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'paywidgets-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startTlsProxy(): Promise<TlsProxy> {
  let target: URL | null = null;
  const server: Server = createServer(selfSignedCertificate(), (req, res) => {
    if (!target) {
      res.writeHead(502).end('no upstream yet');
      return;
    }
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          host: target.host,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': req.headers.host ?? '',
          'x-forwarded-for': req.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}`,
    port,
    forwardTo: (to) => {
      target = new URL(to);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
