import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom'
import { RouteErrorPage } from '../features/errors/route-error-page'
import { entityRoutes } from './entity-routes'
import { lazyPage, preloadMatches } from './lazy-page'
import { patterns } from './paths'
import { RequireAuth } from './require-auth'
import { rightRoute } from './right-route'
import { RootLayout } from './root-layout'

// Chakra's design system loads with the first page after /login, which is plain (decision 034).
// The signed-in frame (top bar, side menu, query layer, live changes) and the role check load
// after sign-in: /login and the other public pages download none of it.
const login = () => import('../features/auth/login-page')
const styled = () => import('./styled-layout')
const shell = () => import('./app-shell')
const notFound = () => import('../features/errors/not-found-page')
const dashboard = () => import('../features/dashboard/dashboard-page')
const picker = () => import('../features/picker/picker-page')
const invite = () => import('../features/auth/invite-page')
const operators = () => import('../features/operators/operators-page')
const account = () => import('../features/account/account-page')
const samples = {
  analytics: () => import('../features/samples/analytics-page'),
  projects: () => import('../features/samples/projects-page'),
  tasks: () => import('../features/samples/tasks-page'),
  settings: () => import('../features/samples/settings-page'),
}

/** Every route of the app; tests mount the same list in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: patterns.login, ...lazyPage(login, 'LoginPage') },
      {
        ...lazyPage(styled, 'StyledLayout'),
        children: [
          { path: patterns.picker, ...lazyPage(picker, 'PickerPage') },
          // Public: whoever holds the link sets the password (the token is in the URL's fragment).
          { path: patterns.invite, ...lazyPage(invite, 'InvitePage') },
          { path: patterns.notFound, ...lazyPage(notFound, 'NotFoundPage') },
          {
            element: <RequireAuth />,
            children: [
              {
                ...lazyPage(shell, 'AppShell'),
                children: [
                  { path: patterns.root, ...lazyPage(dashboard, 'DashboardPage') },
                  { path: patterns.dashboard, ...lazyPage(dashboard, 'DashboardPage') },
                  { path: patterns.analytics, ...lazyPage(samples.analytics, 'AnalyticsPage') },
                  { path: patterns.projects, ...lazyPage(samples.projects, 'ProjectsPage') },
                  { path: patterns.tasks, ...lazyPage(samples.tasks, 'TasksPage') },
                  { path: patterns.settings, ...lazyPage(samples.settings, 'SettingsPage') },
                  // The spec's sample Team Members and Profile pages became Operators and Account.
                  { path: patterns.team, element: <Navigate to={patterns.operators} replace /> },
                  {
                    ...rightRoute('operators'),
                    children: [
                      { path: patterns.operators, ...lazyPage(operators, 'OperatorsPage') },
                    ],
                  },
                  { path: patterns.profile, ...lazyPage(account, 'AccountPage') },
                  ...entityRoutes,
                ],
              },
            ],
          },
          { path: '*', ...lazyPage(notFound, 'NotFoundPage') },
        ],
      },
    ],
  },
]

/**
 * The browser's router. The code of the first page (and, inside the app, the shell's) starts
 * downloading now, beside the app's own, rather than once the layout above it has rendered;
 * `firstPage` settles when it has loaded.
 */
export function createAppRouter() {
  const matches = matchRoutes(routes, window.location) ?? []
  const firstPage = preloadMatches(matches.map((match) => match.route))
  return { router: createBrowserRouter(routes), firstPage }
}
