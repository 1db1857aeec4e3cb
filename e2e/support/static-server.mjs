#!/usr/bin/env node
// A minimal static host with CORS, standing in for the CDN a remote is deployed to in production.
// Usage: node static-server.mjs <port>:<folder> [<port>:<folder> …]
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

for (const spec of process.argv.slice(2)) {
  const [port, folder] = spec.split(/:(.*)/s);
  const root = path.resolve(folder);
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(root + path.sep)) return res.writeHead(403).end();
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
    } catch {
      return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no encontrado');
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  }).listen(Number(port), '127.0.0.1', () => console.log(`estático ${root} en http://127.0.0.1:${port}`));
}
