import { type ComponentType, createElement, lazy } from 'react'
import type { RouteObject } from 'react-router-dom'

/** What a route can start downloading before it renders (see preloadRoute). */
export interface PreloadHandle {
  preload: () => Promise<unknown>
}

/**
 * A route whose page code loads on first visit, so heavy screens (forms, croppers) stay out of
 * the /login bundle. Pages are named exports. Spread it into the route:
 * `{ path, ...lazyPage(load, 'Page') }`; its handle lets the first load start early.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  name: keyof M,
): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }))
  return { element: createElement(Page), handle: { preload: load } satisfies PreloadHandle }
}
