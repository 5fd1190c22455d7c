import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { LoginPage } from '../features/auth/login-page'
import { NotFoundPage } from '../features/errors/not-found-page'
import { RouteErrorPage } from '../features/errors/route-error-page'
import { AppShell } from './app-shell'
import { entityRoutes } from './entity-routes'
import { lazyPage } from './lazy-page'
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
  profile: () => import('../features/samples/profile-page'),
}

/** Every route of the app; tests mount the same list in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: patterns.login, element: <LoginPage /> },
      { path: patterns.picker, element: lazyPage(picker, 'PickerPage') },
      { path: patterns.notFound, element: <NotFoundPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: patterns.root, element: lazyPage(dashboard, 'DashboardPage') },
              { path: patterns.dashboard, element: lazyPage(dashboard, 'DashboardPage') },
              { path: patterns.analytics, element: lazyPage(samples.analytics, 'AnalyticsPage') },
              { path: patterns.projects, element: lazyPage(samples.projects, 'ProjectsPage') },
              { path: patterns.tasks, element: lazyPage(samples.tasks, 'TasksPage') },
              { path: patterns.team, element: lazyPage(samples.team, 'TeamPage') },
              { path: patterns.settings, element: lazyPage(samples.settings, 'SettingsPage') },
              { path: patterns.profile, element: lazyPage(samples.profile, 'ProfilePage') },
              ...entityRoutes,
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
