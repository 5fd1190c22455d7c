// The query cache of a signed-in session: created when the shell mounts, gone when the session
// ends (nothing one operator loaded is shown to the next). Loaded after sign-in, so /login does
// not download the query library.
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { notify } from '../components/messages'
import { createQueryClient } from '../lib/query-client'
import { paths } from './paths'

export function QueryLayer({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  const [client] = useState(() =>
    createQueryClient({
      notFound: () => navigateRef.current(paths.notFound, { replace: true }),
      report: notify.error,
    }),
  )
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
