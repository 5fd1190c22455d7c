// Routes a role cannot use (an edit form for a viewer, Operators for an editor) show why instead
// of a form the server would refuse. A layout route, loaded lazily through right-route.ts:
// `{ ...rightRoute('write'), children: [...] }`; the page's code is not even downloaded.
import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { PageSpinner } from '../components/page-spinner'
import { useCan } from '../lib/me'
import type { Right } from '../lib/rights'

// Rarely seen (a deep link past one's role), so its code loads only then.
const AccessDeniedPage = lazy(async () => ({
  default: (await import('../features/errors/access-denied-page')).AccessDeniedPage,
}))

export function RequireRight({ right }: { right: Right }) {
  if (useCan(right)) return <Outlet />
  return (
    <Suspense fallback={<PageSpinner />}>
      <AccessDeniedPage />
    </Suspense>
  )
}
