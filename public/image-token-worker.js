// A service worker that adds the operator's bearer token to the app's own image requests under
// /api/, so a plain <img src="/api/products/1/images/2/image-file?size=thumb"> loads a protected
// image the moment it is in the page, and the token never appears in a URL (decision 017).
// It touches nothing else: only same-origin GET requests for images under /api/.
//
// The token lives in the page's local storage, which a worker cannot read. The pages tell the
// worker whenever it changes (sign-in, sign-out, session expiry, another tab) and when they
// start; a worker started afresh (browsers stop idle ones) asks the page the image is for.
// It keeps the token in memory only, never in a cache or a log.

/** undefined: no page has said yet; null: signed out. */
let token

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('message', (event) => {
  if (event.data?.type === 'token') token = event.data.token ?? null
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET' || request.destination !== 'image') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/')) return
  event.respondWith(fetchWithToken(request, event.clientId))
})

async function fetchWithToken(request, clientId) {
  const current = token === undefined ? await askPage(clientId) : token
  const headers = new Headers(request.headers)
  if (current) headers.set('Authorization', `Bearer ${current}`)
  // An image request is no-cors, which would drop the header: same-origin mode keeps it. The
  // browser's HTTP cache still applies, so a known image comes back as a 304 from the server.
  return fetch(request.url, {
    headers,
    mode: 'same-origin',
    credentials: 'same-origin',
    cache: request.cache === 'only-if-cached' ? 'default' : request.cache,
    referrerPolicy: 'no-referrer',
    signal: request.signal,
  })
}

/** Asks the page that wants the image for the token; null when it does not answer soon. */
async function askPage(clientId) {
  const client = clientId ? await self.clients.get(clientId) : undefined
  if (!client) return null
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(null), 5000)
    channel.port1.onmessage = (event) => {
      clearTimeout(timer)
      // A newer message from a page wins over this answer.
      if (token === undefined) token = event.data ?? null
      resolve(event.data ?? null)
    }
    client.postMessage({ type: 'token?' }, [channel.port2])
  })
}
