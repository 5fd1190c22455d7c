// The shell shows nothing role-dependent until it knows who is signed in: a viewer never sees a
// Create button flash by, an administrator never sees one appear late. If the server cannot be
// reached, the pages show their own network errors (the spec's texts), as without roles.
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { PageSpinner } from '../components/page-spinner'
import { isApiError } from '../lib/api-client'
import { meQuery } from '../lib/me'

export function MeGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery)
  if (me.isPending) return <PageSpinner />
  // A 401 has already ended the session: /login is on its way.
  if (isApiError(me.error) && me.error.status === 401) return null
  return children
}
