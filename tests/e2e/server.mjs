// A static file server for dist/ on a free loopback port, as any static host would serve it.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `root` under `prefix` (e.g. '/project/', as a project page would be). `site.root`
 * may be changed to serve another build at the same address; `site.stop()` takes the server
 * down at once (open connections too), as when the network goes. With `gzip`, each file goes
 * gzipped to a browser that accepts it, as a static host sends it; `port` 0 is a free one. */
export async function serve(root, prefix = '/', { gzip = false, port = 0 } = {}) {
  const site = { root, prefix };
  const server = createServer(async (req, res) => {
    try {
      const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!url.startsWith(prefix)) throw new Error('outside the site');
      let path = normalize('/' + url.slice(prefix.length)).replace(/^(\.\.[/\\])+/, '');
      let file = join(site.root, path);
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const type = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        res.writeHead(200, { ...type, 'content-encoding': 'gzip' });
        res.end(gzipSync(body, { level: 9 }));
        return;
      }
      res.writeHead(200, type);
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  site.server = server;
  site.origin = `http://127.0.0.1:${server.address().port}`;
  site.stop = () => new Promise((ok) => {
    server.close(ok);
    server.closeAllConnections();
  });
  return site;
}
