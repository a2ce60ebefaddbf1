// Ratings Lab's service worker: the site works offline after the first visit.
// scripts/postbuild.mjs writes dist/sw.js from this file, putting in the build's asset list
// (ASSETS) and a hash of their contents (VERSION): a new build is a new cache, which
// replaces the old one when it activates.
const VERSION = '__VERSION__';
const ASSETS = __ASSETS__;
const CACHE = `ratings-lab-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Past the browser's HTTP cache: the files of this build, not an older copy.
    await cache.addAll(ASSETS.map((url) => new Request(url, { cache: 'reload' })));
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

// The build's files from the cache, everything else from the network; a page address not
// cached (a query string, say) gets the cached page.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (offline) {
      const page = request.mode === 'navigate' ? await cache.match('./') : undefined;
      if (page) return page;
      throw offline;
    }
  })());
});
