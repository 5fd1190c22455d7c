// Routes a role cannot use (an edit form for a viewer, Operators for an editor) show why instead
// of a form the server would refuse. A layout route: `{ element: <RequireRight right="write" />,
// children: [...] }`; the page's code is not even downloaded.
import { Outlet } from 'react-router-dom'
import { AccessDeniedPage } from '../features/errors/access-denied-page'
import { useCan } from '../lib/me'
import type { Right } from '../lib/rights'

export function RequireRight({ right }: { right: Right }) {
  return useCan(right) ? <Outlet /> : <AccessDeniedPage />
}
