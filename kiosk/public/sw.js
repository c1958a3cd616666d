// The kiosk's service worker (issue 54): keeps its shell — the page, its hashed scripts and
// stylesheet, the manifest and icon — so that a kiosk opens at a gate without network after its
// first load. The API is never cached here: the ticket list and the check-ins live in IndexedDB.
const SHELL = "arena-kiosk-shell-v1";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      const page = await fetch("/kiosk/", { cache: "no-cache" });
      const html = await page.clone().text();
      await cache.put("/kiosk/", page);
      const linked = [...html.matchAll(/(?:src|href)="(\/kiosk\/[^"]+)"/g)].map((match) => match[1]);
      await cache.addAll([...new Set([...linked, "/kiosk/manifest.webmanifest", "/kiosk/icon.svg"])]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
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
