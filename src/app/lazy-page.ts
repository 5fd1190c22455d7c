import { type ComponentType, createElement, lazy } from 'react'
import type { RouteObject } from 'react-router-dom'

/** What a route can start downloading before it renders (see preloadMatches). */
export interface PreloadHandle {
  preload: () => Promise<unknown>
}

/** Starts downloading the code of every matched route that says how (its handle's preload). */
export function preloadMatches(matches: readonly { handle?: unknown }[]): void {
  for (const match of matches) {
    const handle = match.handle as PreloadHandle | undefined
    // A failed download is the page's own lazy load to report when it renders.
    handle?.preload?.().catch(() => undefined)
  }
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
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }))
  return {
    element: createElement(Page, props),
    handle: { preload: load } satisfies PreloadHandle,
  }
}
