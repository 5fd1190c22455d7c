// The app-wide session actor: the pure machine plus the real login/logout calls.
import { createActorContext } from '@xstate/react'
import type { ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { authApi } from '../features/auth/auth-api'
import { tokenStore } from '../lib/token-store'
import { type Credentials, sessionMachine } from '../machines/session-machine'

export const liveSessionLogic = sessionMachine.provide({
  actors: {
    login: fromPromise(({ input }: { input: Credentials }) => authApi.login(input)),
    logout: fromPromise(() => authApi.logout()),
  },
})

export const SessionContext = createActorContext(liveSessionLogic, { input: { tokenStore } })

export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider>{children}</SessionContext.Provider>
}

/** True while the operator holds a session (including while logging out). */
export const useIsAuthenticated = () =>
  SessionContext.useSelector((state) => state.hasTag('authenticated'))
