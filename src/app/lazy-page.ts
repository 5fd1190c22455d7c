import { type ComponentType, createElement, lazy } from 'react'
import type { RouteObject } from 'react-router-dom'

/** What a route can start downloading before it renders (see preloadMatches). */
export interface PreloadHandle {
  preload: () => Promise<unknown>
}

/** Starts downloading the code of every matched route that says how (its handle's preload);
 * settles when all of it has loaded or failed. */
export function preloadMatches(matches: readonly { handle?: unknown }[]): Promise<void> {
  const loads = matches.map((match) => {
    const handle = match.handle as PreloadHandle | undefined
    // A failed download is the page's own lazy load to report when it renders.
    return handle?.preload?.().catch(() => undefined)
  })
  return Promise.all(loads).then(() => undefined)
}

/**
 * A route whose page code loads on first visit, so heavy screens (forms, croppers) stay out of
 * the /login bundle. Pages are named exports. Spread it into the route:
 * `{ path, ...lazyPage(load, 'Page') }`; its handle lets the first load start early. Layout
 * routes (the shell, a right check) take their props as the third argument.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  name: keyof M,
  props?: P,
): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: M | undefined
  const preload = () =>
    load().then((module) => {
      loaded = module
      return module
    })
  type Loaded = { default: ComponentType<P> }
  const page = (module: M): Loaded => ({ default: module[name] as ComponentType<P> })
  // Code already loaded renders at once, without its fallback: React.lazy reads a thenable that
  // calls back synchronously before it would suspend (a promise calls back a microtask later).
  // main.tsx relies on it to render over the server's sign-in page with no spinner between.
  const Page = lazy(() => {
    const module = loaded
    if (!module) return preload().then(page)
    // biome-ignore lint/suspicious/noThenProperty: the synchronous thenable React.lazy reads
    return { then: (resolve: (value: Loaded) => void) => resolve(page(module)) } as Promise<Loaded>
  })
  return {
    element: createElement(Page, props),
    handle: { preload } satisfies PreloadHandle,
  }
}
