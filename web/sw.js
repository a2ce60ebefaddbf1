// Ratings Lab's service worker: the site works offline after the first visit.
// scripts/postbuild.mjs writes dist/sw.js from this file, putting in the build's asset list
// (ASSETS: each file the site needs, with its SHA-256 and maybe `also`, another address of it)
// and a hash of the build (VERSION): a new build is a new cache, which replaces the old one
// when it activates. The one-file app (ratings-lab.html, about 3 MB) is not among the assets: it
// is fetched when asked for, and kept then. The page registers this worker once the first
// ratings are shown with their charts (index.html, src/bridge.rs: offline_copy), so the files a
// first visit needs are in the browser's cache by then; the parts of the views not yet opened
// are fetched now, so that every view works offline.
const VERSION = '__VERSION__';
const ASSETS = __ASSETS__;
const CACHE = `ratings-lab-${VERSION}`;
const ONE_FILE = 'ratings-lab.html';

// One file of the build, fetched once: the copy the page has just downloaded when the browser
// has it (the page loads before this worker installs), else from the server. Either way its
// SHA-256 must be this build's, so a copy of an older build is never stored.
async function copy(cache, { url, integrity, also }) {
  let response;
  try {
    response = await fetch(new Request(url, { cache: 'force-cache', integrity }));
  } catch (stale) {
    response = await fetch(new Request(url, { cache: 'reload', integrity }));
  }
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  if (also) await cache.put(also, response.clone());
  await cache.put(url, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(ASSETS.map((asset) => copy(cache, asset)));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('ratings-lab-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The build's files from the cache, everything else from the network (the one-file app kept
// once fetched); a page address not cached (a query string, say) gets the cached page.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
    if (hit) return hit;
    try {
      const response = await fetch(request);
      if (response.ok && url.pathname.endsWith(`/${ONE_FILE}`)) await cache.put(request, response.clone());
      return response;
    } catch (offline) {
      const page = request.mode === 'navigate' ? await cache.match('./') : undefined;
      if (page) return page;
      throw offline;
    }
  })());
});
