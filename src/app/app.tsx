import { RouterProvider } from 'react-router-dom'
import { AppProviders } from './providers'

type AppRouter = Parameters<typeof RouterProvider>[0]['router']

/** The whole app for a given router (a browser router in main.tsx, a memory router in tests). */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
