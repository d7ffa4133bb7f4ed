// Service worker: the app shell and static assets, so brokers can add the app to their home
// screen and open it on a weak connection. It never caches API responses (personal data),
// short links or uploads: those always go to the network.
// scripts/service-worker.mjs fills in the build and the app shell's assets at build time.
const VERSION = 'shareek-__BUILD__';
const PAGES = ['/', '/mobile'];
const SHELL = [
  ...PAGES,
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '__SHELL_ASSETS__',
];
const NEVER = ['/api/', '/s/', '/healthz', '/readyz'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

const remember = (request, response) => {
  if (response.ok) {
    const copy = response.clone();
    caches.open(VERSION).then((cache) => cache.put(request, copy));
  }
  return response;
};

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;

  // Hashed build files never change: cache first.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches
        .match(request)
        .then((cached) => cached || fetch(request).then((r) => remember(request, r))),
    );
    return;
  }

  // Icons keep their names across builds: the cached one at once, refreshed behind it.
  if (url.pathname.startsWith('/icons/')) {
    const fresh = fetch(request).then((r) => remember(request, r));
    event.respondWith(caches.match(request).then((cached) => cached || fresh));
    event.waitUntil(fresh.catch(() => undefined));
    return;
  }

  // Pages: the network first (a deploy shows at once), keeping the shell pages fresh in the
  // cache; offline, the cached page or the app shell.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) =>
          PAGES.includes(url.pathname) ? remember(url.pathname, response) : response,
        )
        .catch(() =>
          caches
            .match(url.pathname === '/' ? '/' : '/mobile')
            .then((cached) => cached || Response.error()),
        ),
    );
  }
});
