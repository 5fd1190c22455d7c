import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom'
import { LoginPage } from '../features/auth/login-page'
import { NotFoundPage } from '../features/errors/not-found-page'
import { RouteErrorPage } from '../features/errors/route-error-page'
import { AppShell, loadQueryLayer } from './app-shell'
import { entityRoutes } from './entity-routes'
import { lazyPage, type PreloadHandle } from './lazy-page'
import { patterns } from './paths'
import { RequireAuth } from './require-auth'
import { RootLayout } from './root-layout'

const dashboard = () => import('../features/dashboard/dashboard-page')
const picker = () => import('../features/picker/picker-page')
const samples = {
  analytics: () => import('../features/samples/analytics-page'),
  projects: () => import('../features/samples/projects-page'),
  tasks: () => import('../features/samples/tasks-page'),
  team: () => import('../features/samples/team-page'),
  settings: () => import('../features/samples/settings-page'),
}
const account = () => import('../features/account/account-page')

/** Every route of the app; tests mount the same list in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: patterns.login, element: <LoginPage /> },
      { path: patterns.picker, ...lazyPage(picker, 'PickerPage') },
      { path: patterns.notFound, element: <NotFoundPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            handle: { preload: loadQueryLayer } satisfies PreloadHandle,
            children: [
              { path: patterns.root, ...lazyPage(dashboard, 'DashboardPage') },
              { path: patterns.dashboard, ...lazyPage(dashboard, 'DashboardPage') },
              { path: patterns.analytics, ...lazyPage(samples.analytics, 'AnalyticsPage') },
              { path: patterns.projects, ...lazyPage(samples.projects, 'ProjectsPage') },
              { path: patterns.tasks, ...lazyPage(samples.tasks, 'TasksPage') },
              { path: patterns.team, ...lazyPage(samples.team, 'TeamPage') },
              { path: patterns.settings, ...lazyPage(samples.settings, 'SettingsPage') },
              { path: patterns.profile, ...lazyPage(account, 'AccountPage') },
              ...entityRoutes,
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/**
 * The browser's router. The code of the first page (and, inside the app, the query layer) starts
 * downloading now, beside the app's own, rather than once the shell above it has rendered.
 */
export function createAppRouter() {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const handle = match.route.handle as PreloadHandle | undefined
    // A failed download is the page's own lazy load to report when it renders.
    handle?.preload().catch(() => undefined)
  }
  return createBrowserRouter(routes)
}
