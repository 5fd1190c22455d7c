import { type ReactElement, useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'

/**
 * `element` alone on a memory data router: a form mounted on its own needs one, since its
 * unsaved-changes guard uses React Router's blocker (as the app's RouterProvider gives it).
 */
export function InDataRouter({ children }: { children: ReactElement }) {
  const [router] = useState(() => createMemoryRouter([{ path: '/', element: children }]))
  return <RouterProvider router={router} />
}
