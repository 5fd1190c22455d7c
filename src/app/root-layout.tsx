import { Suspense, useEffect } from 'react'
import { Outlet } from 'react-router-dom'
import { setUnauthorizedHandler } from '../lib/api-client'
import { PlainPageSpinner } from './plain'
import { SessionContext } from './session'

/**
 * The top route: a 401 from any call ends the session (RequireAuth then opens /login and
 * remembers the page). Only a running session ends, so the other 401s of a burst, and a wrong
 * password on /login, do nothing.
 */
export function RootLayout() {
  const session = SessionContext.useActorRef()

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        if (session.getSnapshot().can({ type: 'session.expired' })) {
          session.send({ type: 'session.expired' })
        }
      }),
    [session],
  )

  return (
    <Suspense fallback={<PlainPageSpinner />}>
      <Outlet />
    </Suspense>
  )
}
