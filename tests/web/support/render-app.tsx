import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter } from 'react-router-dom'
import { App } from '../../../src/app/app'
import { routes } from '../../../src/app/router'
import { TEST_TOKEN } from '../msw/handlers'

interface RenderAppOptions {
  /** Store a token first, as if the operator had signed in earlier. */
  signedIn?: boolean
}

/** Mounts the real app (providers, routes, shell) at `path` in a memory router. */
export function renderApp(path: string, { signedIn = false }: RenderAppOptions = {}) {
  if (signedIn) window.localStorage.setItem('token', TEST_TOKEN)
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const view = render(<App router={router} />)
  return { ...view, router, user }
}

export const currentPath = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname
