import { Suspense, useEffect, useRef } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { PageSpinner } from '../components/page-spinner'
import { setUnauthorizedHandler } from '../lib/api-client'
import { paths } from './paths'
import { SessionContext } from './session'

/** The top route: wires the API client's 401 handling to the session and the router. */
export function RootLayout() {
  const navigate = useNavigate()
  const location = useLocation()
  const session = SessionContext.useActorRef()
  const locationRef = useRef(location)
  locationRef.current = location

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        session.send({ type: 'session.expired' })
        const from = locationRef.current
        if (from.pathname !== paths.login) navigate(paths.login, { replace: true, state: { from } })
      }),
    [navigate, session],
  )

  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  )
}
