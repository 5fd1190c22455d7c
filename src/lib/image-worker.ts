// The page's side of public/image-token-worker.js (decision 017): registers the worker, tells it
// the token whenever this page's view of it may have changed, and answers when it asks. Where
// service workers are unavailable (plain-http hosts other than localhost, jsdom) nothing runs and
// images are fetched by script as before (ApiImage).
import { onTokenChange, TOKEN_KEY, tokenStore } from './token-store'

const WORKER_URL = '/image-token-worker.js'

const container = (): ServiceWorkerContainer | undefined =>
  typeof navigator !== 'undefined' && window.isSecureContext ? navigator.serviceWorker : undefined

/** Tells the worker the token this page holds now (null once signed out). */
export function tellImageWorker(): void {
  container()?.controller?.postMessage({ type: 'token', token: tokenStore.get() })
}

/** True when the worker serves this page: an <img> can then load an image under /api/. */
export function imageWorkerActive(): boolean {
  return Boolean(container()?.controller)
}

/** Called once at start-up. */
export function startImageWorker(): void {
  const workers = container()
  if (!workers) return
  onTokenChange(tellImageWorker)
  workers.addEventListener('controllerchange', tellImageWorker)
  workers.addEventListener('message', (event: MessageEvent) => {
    if (event.data?.type === 'token?') event.ports[0]?.postMessage(tokenStore.get())
  })
  workers.startMessages()
  // Another tab signed in or out: the token in local storage changed under this page.
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) tellImageWorker()
  })
  tellImageWorker()
  // A failed registration leaves the script path in place; there is nothing to report.
  workers.register(WORKER_URL, { scope: '/' }).catch(() => undefined)
}
