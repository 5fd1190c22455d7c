import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { clearMessages, toasters } from '../../src/components/messages'
import { installConsoleGuard } from '../support/console-guard'
import { server } from './msw/server'
import { testQueryClient } from './support/render-ui'
import { installMatchMedia, resetViewport } from './support/viewport'

// Lazy pages load through dynamic imports: a file's first page can take several seconds while
// the server and browser suites share the two cores. A wait ends as soon as its element shows.
configure({ asyncUtilTimeout: 8000 })

// Browser APIs Chakra (Ark/Zag) touches that jsdom lacks.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class IntersectionObserverStub extends ResizeObserverStub {
  readonly root = null
  readonly rootMargin = ''
  readonly thresholds = []
  takeRecords() {
    return []
  }
}
vi.stubGlobal('ResizeObserver', ResizeObserverStub)
vi.stubGlobal('IntersectionObserver', IntersectionObserverStub)
// Images fetched from the API are shown through object URLs, which jsdom does not implement.
// Each call gives a new fake URL; tests spy on these to check that every URL is revoked.
let objectUrls = 0
URL.createObjectURL = () => {
  objectUrls += 1
  return `blob:http://localhost/fake-${objectUrls}`
}
URL.revokeObjectURL = () => {}
window.scrollTo = (() => {}) as typeof window.scrollTo
Element.prototype.scrollTo = () => {}
Element.prototype.scrollIntoView = () => {}
installMatchMedia()

installConsoleGuard()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  window.localStorage.clear()
  clearMessages()
  for (const store of toasters) store.remove()
  testQueryClient.clear()
  resetViewport()
})
afterAll(() => server.close())
