// The floor bench:widget measures the widget against, in the same run: the least any widget built
// this way can take. A loader script from a second origin loads a main script of the widget's byte
// size, which inserts two iframes on that origin, each loading a script of the frame's size, with
// no other work. The scripts carry the widget's own code wrapped in a function that is never called
// (the same bytes to download and scan, nothing run), served compressed as the relay serves them.
// The main script calls wpwlOptions.onReadyIframeCommunication for each frame and onReady once both
// frames' scripts have run, so the bench's page measures it exactly as it measures the widget.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The widget's code as inert padding: scanned by the engine, never run. */
const inert = (code: string) => `(function(){${code}\n});\n`;

function loaderJs(base: string, widgetLoader: string): string {
  return (
    inert(widgetLoader) +
    `(function(){var s=document.createElement('script');s.async=true;s.src=${JSON.stringify(`${base}/main.js`)};document.head.appendChild(s);})();`
  );
}

function mainJs(base: string, widgetMain: string): string {
  return (
    inert(widgetMain) +
    `(function(){
  var o=window.wpwlOptions||{},form=document.querySelector('form.paymentWidgets'),box=document.createElement('div'),up=0;
  addEventListener('message',function(e){
    if(e.origin!==${JSON.stringify(base)}||e.data!=='floor-ready')return;
    up+=1;
    if(o.onReadyIframeCommunication)o.onReadyIframeCommunication();
    if(up===2&&o.onReady)o.onReady();
  });
  ['cardNumber','cvv'].forEach(function(f){var i=document.createElement('iframe');i.src=${JSON.stringify(`${base}/frame?field=`)}+f;box.appendChild(i);});
  form.parentNode.insertBefore(box,form);
})();`
  );
}

const frameJs = (widgetFrame: string) => inert(widgetFrame) + `parent.postMessage('floor-ready','*');\n`;

const FRAME_HTML = '<!doctype html><html><head><meta charset="utf-8"><script src="/frame.js"></script></head><body><input></body></html>\n';

interface Encoded {
  type: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encoded(type: string, text: string): Encoded {
  const identity = Buffer.from(text);
  return {
    type,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function send(req: IncomingMessage, res: ServerResponse, file: Encoded, cacheControl: string): void {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : 'identity';
  res.writeHead(200, {
    'content-type': file.type,
    'access-control-allow-origin': '*',
    'cache-control': cacheControl,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  });
  res.end(file[encoding]);
}

/** Starts the floor's origin on localhost; `loaderUrl` is what the bench page loads. */
export async function startFloor(distDir: string): Promise<{ loaderUrl: string; close(): void }> {
  const read = (file: string) => readFileSync(join(distDir, file), 'utf8');
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  const JS = 'application/javascript; charset=utf-8';
  const files: Record<string, Encoded> = {
    '/loader.js': encoded(JS, loaderJs(base, read('paymentWidgets.js'))),
    '/main.js': encoded(JS, mainJs(base, read('static.min.js'))),
    '/frame': encoded('text/html; charset=utf-8', FRAME_HTML),
    '/frame.js': encoded(JS, frameJs(read('frame.min.js'))),
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const file = files[new URL(req.url ?? '/', base).pathname];
    // As the relay: scripts cacheable (the second frame may reuse the first one's), pages not.
    if (file) send(req, res, file, file.type === JS ? 'public, max-age=31536000, immutable' : 'no-store');
    else res.writeHead(404).end();
  });
  return { loaderUrl: `${base}/loader.js`, close: () => server.close() };
}
