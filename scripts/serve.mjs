// Serves dist/ on http://127.0.0.1:PORT/ (scripts/serve.sh), each file gzipped to a browser that
// accepts it, as static hosts send them (GitHub Pages, Netlify, Cloudflare Pages): over a slow
// link a first visit then fetches about a third of the bytes (docs/performance.md, *A first
// visit over a slow link*). `python3 -m http.server` serves the same folder, uncompressed.
// Usage: node scripts/serve.mjs [PORT] [DIST]
import { serve } from '../tests/e2e/server.mjs';

const port = Number(process.argv[2] ?? 8080);
const dist = process.argv[3] ?? new URL('../dist', import.meta.url).pathname;
const site = await serve(dist, '/', { gzip: true, port });
console.log(`Ratings Lab: ${site.origin}/`);
