import { type ComponentType, createElement, lazy, type ReactElement } from 'react'

/**
 * A route element whose page code loads on first visit, so heavy screens (forms,
 * croppers) stay out of the /login bundle. Pages are named exports.
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M): ReactElement {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }))
  return createElement(Page)
}
