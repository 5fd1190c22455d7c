// The role check (require-right.tsx) as a layout route. It reads who is signed in through the
// query layer, so it loads lazily like the shell it sits in and stays out of /login's download.
import type { RouteObject } from 'react-router-dom'
import type { Right } from '../lib/rights'
import { lazyPage } from './lazy-page'

const load = () => import('./require-right')

/** `{ ...rightRoute('write'), children: [...] }`: the children show only to a role with `right`. */
export const rightRoute = (right: Right): Pick<RouteObject, 'element' | 'handle'> =>
  lazyPage(load, 'RequireRight', { right })
