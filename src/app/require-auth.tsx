import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { paths } from './paths'
import { SessionContext, useIsAuthenticated } from './session'

/** Protected routes: without a session go to /login, remembering where the operator was going. */
export function RequireAuth() {
  const location = useLocation()
  const authenticated = useIsAuthenticated()
  const loggedOut = SessionContext.useSelector((state) => state.context.loggedOut)

  if (authenticated) return <Outlet />
  // After an explicit logout there is nowhere to return to.
  const state = loggedOut ? undefined : { from: location }
  return <Navigate to={paths.login} replace state={state} />
}
