// The webhook receiver bench:webhooks sends to, in a process of its own: answers every POST 200 at
// once, counts them, prints "listening URL" once it listens and the count for each "count" line on
// its stdin.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';

let posts = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST') posts++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks\n`);
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'count') process.stdout.write(`${posts}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
