// The kiosk's service worker (issue 54): keeps its shell — the page, its hashed scripts (the QR
// decoder loaded only where the browser has no BarcodeDetector among them) and stylesheet, the
// manifest and icon — so that a kiosk opens and scans at a gate without network after its first
// load. The API is never cached here: the ticket list and the check-ins live in IndexedDB.
// The build writes it as /kiosk/sw.js (scripts/vite-plugins/kiosk-service-worker.ts), the
// placeholders below replaced by the build's files and by a cache name derived from them, so a new
// build keeps its shell in a cache of its own and deletes the old one when it takes over.
const SHELL = __KIOSK_SHELL_CACHE__;
const FILES = __KIOSK_SHELL_FILES__;
/** The kiosk's caches, and only those: the site's origin may hold others. */
const KIOSK_CACHES = "arena-kiosk-shell-";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(KIOSK_CACHES) && name !== SHELL) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page: the network first (a new build), the kept shell without one. Hashed files: the cache first.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith("/kiosk/")) return;
  if (url.pathname === "/kiosk/" || url.pathname === "/kiosk/index.html") {
    event.respondWith(
      fetch(event.request)
        .then(async (response) => {
          if (response.ok) await (await caches.open(SHELL)).put("/kiosk/", response.clone());
          return response;
        })
        .catch(async () => (await caches.match("/kiosk/")) ?? Response.error()),
    );
    return;
  }
  event.respondWith(
    caches.match(event.request).then(
      (kept) =>
        kept ??
        fetch(event.request).then(async (response) => {
          if (response.ok) await (await caches.open(SHELL)).put(event.request, response.clone());
          return response;
        }),
    ),
  );
});
